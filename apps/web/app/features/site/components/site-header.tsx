import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { CartIcon, CloseIcon, MenuIcon, PhoneIcon, PinIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { useSession } from '../../../lib/session.tsx';
import { pagePath, phoneDigits, productPath, type SiteData } from '../site-data.ts';
import { NavDropdown } from './nav-dropdown.tsx';

/**
 * Header: contact strip, logo, search box, account and cart links, and the main menu (a drawer on
 * phones). `cartCount` comes from the cart and `search` is the catalogue's search box (the layout
 * route passes both).
 */
export function SiteHeader({ site, cartCount = 0, search }: { site: SiteData; cartCount?: number; search?: ReactNode }) {
  const { profile } = site;
  const header = profile.configurationData.header;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const session = useSession();
  const navigate = useNavigate();

  // Logout clears the token locally and on the server, then goes to Homepage. Leaving
  // first keeps a login-required page from sending the customer to Login as the session ends.
  const logOut = () => session.signOut(() => navigate('/home'));

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        document.getElementById('menu-toggle')?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">Skip to content</a>
      <div className="topbar">
        <div className="container topbar__inner">
          <ul className="topbar__contact">
            {header.phone && (
              <li>
                <a href={`tel:+${phoneDigits(header.phone)}`} data-testid="header-phone"><PhoneIcon width={16} height={16} /> {header.phone}</a>
              </li>
            )}
            {header.address && (
              <li className="topbar__address" data-testid="header-address"><PinIcon width={16} height={16} /> {header.address}</li>
            )}
          </ul>
          <div className="topbar__account" data-slot="account">
            {/* The server cannot see the token: it (and the hydrating render) draws the signed-out links. */}
            {session.status === 'signed-in' ? (
              <>
                <Link to="/dashboard" className="topbar__link" data-testid="dashboard-link"><UserIcon width={16} height={16} /> Dashboard</Link>
                <button type="button" className="topbar__link topbar__button" data-testid="log-out" onClick={() => void logOut()}>Log out</button>
              </>
            ) : (
              <Link to="/login" className="topbar__link" data-testid="sign-in"><UserIcon width={16} height={16} /> Sign In</Link>
            )}
          </div>
        </div>
      </div>

      <div className="container masthead">
        <button
          type="button"
          id="menu-toggle"
          className="icon-button masthead__menu"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <Link to="/home" className="logo" data-testid="logo">
          {/* The logo artwork carries the store's name; without one the name is set in type. */}
          {profile.primary_logo.path
            ? <img src={mediaUrl(profile.primary_logo.path)} alt={profile.name} className="logo__image" width={300} height={80} />
            : <span className="logo__name">{profile.name}</span>}
        </Link>
        {search && <div className="masthead__search">{search}</div>}
        <Link to="/cart" className="icon-button cart-link" data-testid="cart-link">
          <CartIcon width={24} height={24} />
          <span className="cart-link__count" data-testid="cart-count" aria-hidden="true">{cartCount}</span>
          <span className="visually-hidden">Cart, {cartCount} {cartCount === 1 ? 'item' : 'items'}</span>
        </Link>
      </div>

      <nav id="site-nav" className={`nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
        <ul className="container nav__list">
          <li className="nav__item"><NavLink to="/home" className="nav__link" end>Home</NavLink></li>
          {site.products.length > 0 && (
            <NavDropdown label="Gemstones" testId="menu-gemstones">
              {site.products.map((p) => (
                <li key={p.id}><Link to={productPath(p)}>{p.name}</Link></li>
              ))}
            </NavDropdown>
          )}
          {site.pageCategories.filter((c) => c.pages.length > 0).map((c) => (
            <NavDropdown key={c.id} label={c.name}>
              {c.pages.map((p) => (
                <li key={p.id}><Link to={pagePath(p)}>{p.title}</Link></li>
              ))}
            </NavDropdown>
          ))}
          {site.nonCategorizedPages.map((p) => (
            <li className="nav__item" key={p.id}><NavLink to={pagePath(p)} className="nav__link">{p.title}</NavLink></li>
          ))}
          <li className="nav__item"><NavLink to="/blog" className="nav__link">Blog</NavLink></li>
        </ul>
      </nav>
    </header>
  );
}
