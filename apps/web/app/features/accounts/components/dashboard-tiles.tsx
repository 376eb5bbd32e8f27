import type { ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';

function TileIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

const OrdersIcon = () => <TileIcon><path d="M3.5 7.5 12 3l8.5 4.5v9L12 21l-8.5-4.5z" /><path d="M3.5 7.5 12 12l8.5-4.5M12 12v9M7.8 5.2l8.4 4.6" /></TileIcon>;
const SecurityIcon = () => <TileIcon><rect x="4.5" y="10.5" width="15" height="10" rx="2" /><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" /><circle cx="12" cy="15.5" r="1.3" /></TileIcon>;
const WishlistIcon = () => <TileIcon><path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.9C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" /></TileIcon>;
const AddressIcon = () => <TileIcon><path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></TileIcon>;

interface Tile {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  testId: string;
}

// The Dashboard's three tiles (orders, login and security, addresses), and the wishlist's.
const TILES: Tile[] = [
  { to: '/order/all', title: 'Your Orders', text: 'Track, return or pay for your orders.', icon: <OrdersIcon />, testId: 'tile-orders' },
  { to: '/edit-profile', title: 'Login & Security', text: 'Edit your login, name and mobile number.', icon: <SecurityIcon />, testId: 'tile-security' },
  { to: '/address/all', title: 'Your Addresses', text: 'Edit addresses for orders and deliveries.', icon: <AddressIcon />, testId: 'tile-addresses' },
  { to: '/wishlist', title: 'Your Wishlist', text: 'The stones you keep an eye on.', icon: <WishlistIcon />, testId: 'tile-wishlist' },
];

export function DashboardTiles() {
  return (
    <ul className="dashboard-tiles">
      {TILES.map((t) => (
        <li key={t.to}>
          <Link to={t.to} className="dashboard-tile" data-testid={t.testId}>
            <span className="dashboard-tile__icon">{t.icon}</span>
            <span className="dashboard-tile__body">
              <span className="dashboard-tile__title">{t.title}</span>
              <span className="dashboard-tile__text">{t.text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
