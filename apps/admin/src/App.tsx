import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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
import { useSession } from './session.tsx';

/** Signed-in pages: the sign-in page for a visitor, and only the pages the member's role may open. */
function Guard({ capability, children }: { capability?: Capability; children: ReactNode }) {
  const { me, loading } = useSession();
  if (loading) return <Center h="100vh"><Loader /></Center>;
  if (!me) return <Navigate to="/login" replace />;
  if (capability && !me.capabilities.includes(capability)) return <Navigate to="/" replace />;
  return children;
}

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Routes>
        <Route path="login" element={<SignInPage />} />
        <Route path="invite/:token" element={<InvitePage />} />
        <Route element={<Guard><Layout /></Guard>}>
          <Route index element={<HomePage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="stones" element={<Guard capability="catalogue"><StonesPage /></Guard>} />
          <Route path="stones/:id" element={<Guard capability="catalogue"><StoneFormPage /></Guard>} />
          <Route path="catalogue" element={<Guard capability="catalogue"><CataloguePage /></Guard>} />
          <Route path="staff" element={<Guard capability="staff"><StaffPage /></Guard>} />
          <Route path="audit" element={<Guard capability="audit"><AuditPage /></Guard>} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
