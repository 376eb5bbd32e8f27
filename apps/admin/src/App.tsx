import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import type { Capability } from '@gemstore/contracts/constants';
import { Layout } from './components/Layout.tsx';
import { HomePage } from './features/dashboard/components/Home.tsx';
import { SignInPage } from './features/staff/components/SignIn.tsx';
import { InvitePage } from './features/staff/components/Invite.tsx';
import { StaffPage } from './features/staff/components/Staff.tsx';
import { SecurityPage } from './features/staff/components/Security.tsx';
import { AuditPage } from './features/staff/components/Audit.tsx';
import { StonesPage } from './features/catalogue/components/Stones.tsx';
import { StoneFormPage } from './features/catalogue/components/StoneForm.tsx';
import { CataloguePage } from './features/catalogue/components/Catalogue.tsx';
import { OrdersPage } from './features/orders/components/Orders.tsx';
import { OrderDetailPage } from './features/orders/components/OrderDetail.tsx';
import { ReturnPage, ReturnsPage } from './features/returns/components/Returns.tsx';
import { RefundsPage } from './features/orders/components/Refunds.tsx';
import { ImportJobPage, ImportPage } from './features/catalogue/components/Import.tsx';
import { EnquiriesPage, EnquiryPage } from './features/customers/components/Enquiries.tsx';
import { CustomerPage, CustomersPage } from './features/customers/components/Customers.tsx';
import { NewsletterPage } from './features/customers/components/Newsletter.tsx';
import { PostsPage, PostCategoriesPage } from './features/content/components/Posts.tsx';
import { PostFormPage } from './features/content/components/PostForm.tsx';
import { PagesPage, PageFormPage } from './features/content/components/Pages.tsx';
import { HomeContentPage } from './features/content/components/HomeContent.tsx';
import { PaymentSettingsPage, StoreProfilePage } from './features/settings/components/Settings.tsx';
import { ShippingSettingsPage } from './features/settings/components/ShippingSettings.tsx';
import { TaxSettingsPage } from './features/settings/components/TaxSettings.tsx';
import { DiscountsPage } from './features/discounts/components/Discounts.tsx';
import { CouriersPage } from './features/settings/components/Couriers.tsx';
import { GstReportPage } from './features/reports/components/GstReport.tsx';
import { useSession } from './lib/session.tsx';

/** What a member whose role may not use a page sees in its place (an address typed or followed from elsewhere). */
function RoleDenied({ role }: { role: string }) {
  return (
    <Stack maw={560} data-testid="role-denied">
      <Title order={2}>Not available to your role</Title>
      <Alert color="yellow" title={`Your role (${role}) cannot use this page`}>
        Ask the shop's owner to change your role if you need it.
      </Alert>
      <Anchor component={Link} to="/">Back to the back office's home</Anchor>
    </Stack>
  );
}

/** Signed-in pages: the sign-in page for a visitor, and only the pages the member's role may open. */
function Guard({ capability, children }: { capability?: Capability; children: ReactNode }) {
  const { me, loading } = useSession();
  if (loading) return <Center h="100vh"><Loader /></Center>;
  if (!me) return <Navigate to="/login" replace />;
  if (capability && !me.capabilities.includes(capability)) return <RoleDenied role={me.staff.role} />;
  return children;
}

export function App() {
  return (
    // Navigations render at once, not as transitions: a page whose filters live in its address (the
    // stone list) reads the new address before the next click, so quick choices on a slow phone add up.
    <BrowserRouter basename="/admin" useTransitions={false}>
      <Routes>
        <Route path="login" element={<SignInPage />} />
        <Route path="invite/:token" element={<InvitePage />} />
        <Route element={<Guard><Layout /></Guard>}>
          <Route index element={<HomePage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="stones" element={<Guard capability="catalogue"><StonesPage /></Guard>} />
          <Route path="stones/import" element={<Guard capability="catalogue"><ImportPage /></Guard>} />
          <Route path="stones/import/:id" element={<Guard capability="catalogue"><ImportJobPage /></Guard>} />
          <Route path="stones/:id" element={<Guard capability="catalogue"><StoneFormPage /></Guard>} />
          <Route path="catalogue" element={<Guard capability="catalogue"><CataloguePage /></Guard>} />
          <Route path="orders" element={<Guard capability="orders"><OrdersPage /></Guard>} />
          <Route path="orders/:id" element={<Guard capability="orders"><OrderDetailPage /></Guard>} />
          <Route path="returns" element={<Guard capability="orders"><ReturnsPage /></Guard>} />
          <Route path="returns/:id" element={<Guard capability="orders"><ReturnPage /></Guard>} />
          <Route path="refunds" element={<Guard capability="refunds"><RefundsPage /></Guard>} />
          <Route path="discounts" element={<Guard capability="discounts"><DiscountsPage /></Guard>} />
          <Route path="enquiries" element={<Guard capability="orders"><EnquiriesPage /></Guard>} />
          <Route path="enquiries/:id" element={<Guard capability="orders"><EnquiryPage /></Guard>} />
          <Route path="customers" element={<Guard capability="orders"><CustomersPage /></Guard>} />
          <Route path="customers/:id" element={<Guard capability="orders"><CustomerPage /></Guard>} />
          <Route path="newsletter" element={<Guard capability="orders"><NewsletterPage /></Guard>} />
          <Route path="posts" element={<Guard capability="content"><PostsPage /></Guard>} />
          <Route path="posts/:id" element={<Guard capability="content"><PostFormPage /></Guard>} />
          <Route path="post-categories" element={<Guard capability="content"><PostCategoriesPage /></Guard>} />
          <Route path="pages" element={<Guard capability="content"><PagesPage /></Guard>} />
          <Route path="pages/:id" element={<Guard capability="content"><PageFormPage /></Guard>} />
          <Route path="home-page" element={<Guard capability="content"><HomeContentPage /></Guard>} />
          <Route path="settings/profile" element={<Guard capability="settings"><StoreProfilePage /></Guard>} />
          <Route path="settings/payments" element={<Guard capability="payment_settings"><PaymentSettingsPage /></Guard>} />
          <Route path="settings/shipping" element={<Guard capability="settings"><ShippingSettingsPage /></Guard>} />
          <Route path="settings/tax" element={<Guard capability="settings"><TaxSettingsPage /></Guard>} />
          <Route path="settings/couriers" element={<Guard capability="settings"><CouriersPage /></Guard>} />
          <Route path="reports/gst" element={<Guard capability="settings"><GstReportPage /></Guard>} />
          <Route path="staff" element={<Guard capability="staff"><StaffPage /></Guard>} />
          <Route path="audit" element={<Guard capability="audit"><AuditPage /></Guard>} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
