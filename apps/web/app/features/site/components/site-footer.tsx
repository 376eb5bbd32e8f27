import { Link } from 'react-router';
import { isSafeWebUrl } from '@gemstore/contracts/urls';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from '../../../components/ui/icons.tsx';
import { pagePath, phoneDigits, productPath, type SiteData } from '../site-data.ts';
import { EnquiryForm } from './enquiry-form.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

function LinkList({ title, links, testId }: { title: string; links: { key: number; to: string; label: string }[]; testId: string }) {
  if (links.length === 0) return null;
  return (
    <nav className="footer__col" aria-label={title} data-testid={testId}>
      <h2 className="footer__heading">{title}</h2>
      <ul className="footer__links">
        {links.map((l) => <li key={l.key}><Link to={l.to}>{l.label}</Link></li>)}
      </ul>
    </nav>
  );
}

const SOCIAL_LABELS = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', youtube: 'YouTube' } as const;

/** Footer: contact, product links, Policies, Know Us, enquiry form, WhatsApp, map, year and copyright. */
export function SiteFooter({ site }: { site: SiteData }) {
  const { profile } = site;
  const config = profile.configurationData;
  const contact = config.footer.contact;
  // The chat opens with the footer phone, the number shown beside it, unless the
  // shop has set a WhatsApp number of its own in the back office (store profile).
  const whatsapp = phoneDigits(config.whatsappPhone || contact.phone);
  // The API drops unsafe URLs already; the page still renders only https links and frames.
  const social = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[])
    .flatMap((k) => {
      const href = config.social[k];
      return isSafeWebUrl(href) ? [{ key: k, href, label: SOCIAL_LABELS[k] }] : [];
    });
  const mapEmbedUrl = isSafeWebUrl(config.mapEmbedUrl) ? config.mapEmbedUrl : undefined;

  return (
    <footer className="site-footer">
      <NewsletterForm storeName={profile.name} />
      <div className="container footer__grid">
        <section className="footer__col footer__contact" aria-labelledby="footer-contact">
          <h2 className="footer__heading" id="footer-contact">Visit or call us</h2>
          <address>
            <p><PinIcon width={16} height={16} /> <span data-testid="footer-address">{contact.address}</span></p>
            {contact.phone && <p><PhoneIcon width={16} height={16} /> <a href={`tel:+${phoneDigits(contact.phone)}`}>{contact.phone}</a></p>}
            {contact.email && <p><MailIcon width={16} height={16} /> <a href={`mailto:${contact.email}`}>{contact.email}</a></p>}
          </address>
          {whatsapp && (
            <a className="whatsapp" href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer" data-testid="whatsapp-link">
              <WhatsAppIcon /> Chat on WhatsApp
            </a>
          )}
          {social.length > 0 && (
            <ul className="footer__social" aria-label="Follow us">
              {social.map((s) => <li key={s.key}><a href={s.href} target="_blank" rel="noopener noreferrer">{s.label}</a></li>)}
            </ul>
          )}
        </section>
        <LinkList title="Gemstones" testId="footer-products" links={site.products.map((p) => ({ key: p.id, to: productPath(p), label: p.name }))} />
        <LinkList title="Policies" testId="footer-policies" links={site.policyPages.map((p) => ({ key: p.id, to: pagePath(p), label: p.title }))} />
        <LinkList title="Know Us" testId="footer-know-us" links={site.knowUsPages.map((p) => ({ key: p.id, to: pagePath(p), label: p.title }))} />
      </div>
      <div className="container footer__lower">
        <EnquiryForm />
        {mapEmbedUrl && (
          <div className="footer__map">
            <iframe
              src={mapEmbedUrl}
              title={`Map: ${profile.name}, ${contact.address}`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              allowFullScreen
            />
          </div>
        )}
      </div>
      <div className="footer__bottom">
        <p className="container" data-testid="copyright">© {new Date().getFullYear()} {config.footer.copyright.replace(/^\s*(©|\(c\))\s*\d{4}\s*/i, '')}</p>
      </div>
    </footer>
  );
}
