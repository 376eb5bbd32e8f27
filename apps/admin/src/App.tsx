import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import type { Capability } from '@gemstore/contracts/constants';
import { Layout } from './pages/Layout.tsx';
import { HomePage } from './pages/Home.tsx';
import { SignInPage } from './pages/SignIn.tsx';
import { InvitePage } from './pages/Invite.tsx';
import { StaffPage } from './pages/Staff.tsx';
import { SecurityPage } from './pages/Security.tsx';
import { AuditPage } from './pages/Audit.tsx';
import { StonesPage } from './pages/Stones.tsx';
import { StoneFormPage } from './pages/StoneForm.tsx';
import { CataloguePage } from './pages/Catalogue.tsx';
import { OrdersPage } from './pages/Orders.tsx';
import { OrderDetailPage } from './pages/OrderDetail.tsx';
import { ReturnPage, ReturnsPage } from './pages/Returns.tsx';
import { RefundsPage } from './pages/Refunds.tsx';
import { ImportJobPage, ImportPage } from './pages/Import.tsx';
import { EnquiriesPage, EnquiryPage } from './pages/Enquiries.tsx';
import { CustomerPage, CustomersPage } from './pages/Customers.tsx';
import { NewsletterPage } from './pages/Newsletter.tsx';
import { PostsPage, PostCategoriesPage } from './pages/Posts.tsx';
import { PostFormPage } from './pages/PostForm.tsx';
import { PagesPage, PageFormPage } from './pages/Pages.tsx';
import { HomeContentPage } from './pages/HomeContent.tsx';
import { PaymentSettingsPage, StoreProfilePage } from './pages/Settings.tsx';
import { ShippingSettingsPage } from './pages/ShippingSettings.tsx';
import { TaxSettingsPage } from './pages/TaxSettings.tsx';
import { DiscountsPage } from './pages/Discounts.tsx';
import { CouriersPage } from './pages/Couriers.tsx';
import { GstReportPage } from './pages/GstReport.tsx';
import { useSession } from './session.tsx';

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
