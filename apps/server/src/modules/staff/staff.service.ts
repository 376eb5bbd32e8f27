import type {
  AcceptInvitationBody, AdminLoginBody, AdminLoginResponse, AdminLoginTotpBody, AdminMeResponse, InvitationResponse, MessageResponse,
  RecoveryCodesResponse, SecuritySettings, StaffInviteBody, StaffInviteResponse, StaffListResponse, StaffSignedIn, TotpEnrolmentResponse,
} from '@gemstore/contracts';
import { ROLE_CAPABILITIES, type StaffRole } from '@gemstore/contracts/constants';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext, type StaffActor, type StaffContext, within } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { StoresService } from '../stores/stores.service.ts';
import * as repo from './staff.repo.ts';
import type { StaffRow } from './staff.repo.ts';
import { acceptedStep, decryptSecret, encryptSecret, enrolment, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode } from './staff.totp.ts';

const WRONG_SIGN_IN = 'The email or password is incorrect.';
const WRONG_CODE = 'The code is incorrect.';
const CHALLENGE_MINUTES = 5;
const CHALLENGE_MAX_WRONG_TRIES = 5;
const INVITATION_DAYS = 7;

export interface StaffServiceDeps {
  db: Database;
  config: Config;
  auth: AuthService;
  notifications: NotificationsService;
  audit: AuditService;
  stores: StoresService;
}

function member(row: StaffRow) {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

function listEntry(row: StaffRow) {
  return {
    ...member(row), status: row.status === 'invited' ? 'invited' as const : 'active' as const,
    two_factor_enabled: row.totpEnabled, created_at: row.createdAt.toISOString(),
  };
}

function actorOf(row: StaffRow): StaffActor {
  return { kind: 'staff', staffId: row.id, role: row.role, twoFactor: row.totpEnabled };
}

/** The link an invitation email carries: the admin app's page on the store's own domain. */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/admin/invite/${token}`;
}

/**
 * The store's staff: back-office sign-in (password, then a TOTP or recovery code when two-factor is
 * on), their tokens, two-factor enrolment, invitations, roles and removal. Every write by a member
 * is recorded in the audit log in the write's own transaction.
 */
export function createStaffService({ db, config, auth, notifications, audit, stores }: StaffServiceDeps) {
  const q = (ctx: RequestContext): Executor => executor(db, ctx);
  const pepper = config.auth.otpPepper;
  const idleMs = config.auth.tokenIdleDays * 86400_000;

  async function signIn(dbx: Executor, ctx: RequestContext, row: StaffRow): Promise<StaffSignedIn> {
    const { token, hash } = newOpaqueToken();
    await repo.insertToken(dbx, { storeId: ctx.store.id, staffId: row.id, tokenHash: hash });
    return { token, staff: member(row) };
  }

  async function own(ctx: StaffContext): Promise<StaffRow> {
    const row = await repo.findById(q(ctx), ctx.store.id, ctx.actor.staffId);
    if (!row || row.status !== 'active') throw new UnauthorizedError();
    return row;
  }

  /** A member of this store other than a removed one; 404 for another store's id. */
  async function liveMember(ctx: RequestContext, id: number): Promise<StaffRow> {
    const row = await repo.findById(q(ctx), ctx.store.id, id);
    if (!row || row.status === 'removed') throw new NotFoundError('No such staff member.', 'staff_not_found');
    return row;
  }

  /** An owner stays: the last active owner can be neither demoted nor removed. */
  async function assertNotLastOwner(dbx: Executor, ctx: RequestContext, row: StaffRow): Promise<void> {
    if (row.role === 'owner' && row.status === 'active' && (await repo.countActiveOwners(dbx, ctx.store.id)) <= 1) {
      throw new ConflictError('The store needs at least one owner: make someone else an owner first.', 'last_owner');
    }
  }

  /** Checks a TOTP or recovery code of a member with two-factor on, using it up; false when wrong. */
  async function useSecondFactor(dbx: Executor, ctx: RequestContext, row: StaffRow, code: string): Promise<boolean> {
    const typed = code.trim();
    if (/^\d{6}$/.test(typed)) {
      if (!row.totpSecret) return false;
      const step = acceptedStep(decryptSecret(pepper, row.totpSecret), typed, row.totpLastStep);
      return step !== null && repo.advanceTotpStep(dbx, ctx.store.id, row.id, step);
    }
    return repo.useRecoveryCode(dbx, ctx.store.id, row.id, hashToken(normaliseRecoveryCode(typed)), new Date());
  }

  async function issueInvitation(dbx: Executor, ctx: RequestContext, row: StaffRow): Promise<{ token: string; expiresAt: Date }> {
    const { token, hash } = newOpaqueToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86400_000);
    await repo.voidInvitations(dbx, ctx.store.id, row.id, now);
    await repo.insertInvitation(dbx, { storeId: ctx.store.id, staffId: row.id, tokenHash: hash, expiresAt });
    return { token, expiresAt };
  }

  async function sendInvitation(ctx: RequestContext, row: StaffRow, link: string, token: string): Promise<void> {
    await notifications.sendEmail(ctx, {
      to: row.email, purpose: 'staff-invite', secret: token,
      subject: `${ctx.store.name}: you are invited to the back office`,
      text: `Hello ${row.name},\n\nYou have been invited to join ${ctx.store.name} as ${row.role}. `
        + `Open this link within ${INVITATION_DAYS} days to set your password:\n\n${link}\n\n`
        + 'If you did not expect this invitation, you can ignore this email.',
    });
  }

  /** Creates (or renews) the invitation of a member; the email carries the link. */
  async function invite(ctx: RequestContext, input: StaffInviteBody & { origin: string }): Promise<{ row: StaffRow; link: string; expiresAt: Date }> {
    const existing = await repo.findLiveByEmail(q(ctx), ctx.store.id, input.email);
    if (existing?.status === 'active') throw new ConflictError('This person is already on the staff.', 'staff_exists');
    const { row, token, expiresAt } = await q(ctx).transaction(async (tx) => {
      const c = within(ctx, tx);
      const saved = existing
        ? (await repo.updateStaff(tx, ctx.store.id, existing.id, { name: input.name, role: input.role }))!
        : await repo.insertStaff(tx, { storeId: ctx.store.id, name: input.name, email: input.email, role: input.role, status: 'invited' });
      const issued = await issueInvitation(tx, c, saved);
      await audit.record(c, {
        action: existing ? 'staff.reinvite' : 'staff.invite', objectType: 'staff', objectId: saved.id,
        changes: existing
          ? { name: { old: existing.name, new: saved.name }, role: { old: existing.role, new: saved.role } }
          : { email: { old: null, new: saved.email }, name: { old: null, new: saved.name }, role: { old: null, new: saved.role } },
      });
      return { row: saved, ...issued };
    });
    const link = invitationLink(input.origin, token);
    await sendInvitation(ctx, row, link, token);
    return { row, link, expiresAt };
  }

  return {
    /** The member a back-office token signs in on this store; null for a missing, revoked, idle, foreign or removed member's token. */
    async actorOfToken(ctx: RequestContext, token: string): Promise<StaffActor | null> {
      const now = Date.now();
      const found = await repo.findActiveToken(q(ctx), ctx.store.id, hashToken(token), new Date(now - idleMs));
      if (!found) return null;
      if (now - found.lastUsedAt.getTime() > 5 * 60_000) await repo.touchToken(q(ctx), found.id, new Date(now));
      return { kind: 'staff', staffId: found.staffId, role: found.role, twoFactor: found.totpEnabled };
    },

    /** Password sign-in, counted like customers' (per address, and a lockout per member). */
    async login(ctx: RequestContext, input: AdminLoginBody): Promise<AdminLoginResponse> {
      await auth.signInLimits.countCheck(ctx);
      const row = await repo.findLiveByEmail(q(ctx), ctx.store.id, input.email);
      if (!row || row.status !== 'active' || !row.passwordHash) {
        await burnPasswordCheck(input.password);
        throw ValidationError.field('password', WRONG_SIGN_IN);
      }
      await auth.signInLimits.assertNotLocked(ctx, row.id);
      if (!(await verifyPassword(input.password, row.passwordHash))) {
        await auth.signInLimits.recordFailure(ctx, row.id);
        throw ValidationError.field('password', WRONG_SIGN_IN);
      }
      if (!row.totpEnabled) return signIn(q(ctx), ctx, row);
      const { token, hash } = newOpaqueToken();
      await repo.insertChallenge(q(ctx), {
        storeId: ctx.store.id, staffId: row.id, challengeHash: hash, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      });
      return { challenge: token };
    },

    /** The second step: a TOTP code (each used once) or a recovery code (single use). */
    async loginTotp(ctx: RequestContext, input: AdminLoginTotpBody): Promise<StaffSignedIn> {
      await auth.signInLimits.countCheck(ctx);
      const expired = () => ValidationError.field('challenge', 'This sign-in has expired. Please sign in again.');
      const challenge = await repo.findLiveChallenge(q(ctx), ctx.store.id, hashToken(input.challenge), new Date());
      if (!challenge) throw expired();
      const row = await repo.findById(q(ctx), ctx.store.id, challenge.staffId);
      if (!row || row.status !== 'active' || !row.totpEnabled) throw expired();
      await auth.signInLimits.assertNotLocked(ctx, row.id);
      if (challenge.attempts >= CHALLENGE_MAX_WRONG_TRIES) throw expired();
      // Each step is one atomic statement: a code (TOTP step or recovery code) is used once, then the challenge once.
      if (!(await useSecondFactor(q(ctx), ctx, row, input.code))) {
        await repo.countWrongTry(q(ctx), challenge.id, CHALLENGE_MAX_WRONG_TRIES);
        await auth.signInLimits.recordFailure(ctx, row.id);
        throw ValidationError.field('code', WRONG_CODE);
      }
      if (!(await repo.useChallenge(q(ctx), challenge.id, new Date()))) throw expired();
      return signIn(q(ctx), ctx, row);
    },

    async logout(ctx: StaffContext, token: string | undefined): Promise<MessageResponse> {
      if (!token) throw new UnauthorizedError();
      await repo.revokeToken(q(ctx), ctx.store.id, hashToken(token), new Date());
      return { message: 'You have been signed out.' };
    },

    async me(ctx: StaffContext): Promise<AdminMeResponse> {
      const row = await own(ctx);
      return {
        staff: { ...member(row), two_factor_enabled: row.totpEnabled },
        store: { name: ctx.store.name, two_factor_required: ctx.store.staffTwoFactorRequired },
        capabilities: [...ROLE_CAPABILITIES[row.role]],
        two_factor_setup_required: ctx.store.staffTwoFactorRequired && !row.totpEnabled,
      };
    },

    /** A new secret (replacing one not confirmed yet); two-factor stays off until a code confirms it. */
    async totpStart(ctx: StaffContext): Promise<TotpEnrolmentResponse> {
      const row = await own(ctx);
      if (row.totpEnabled) throw new ConflictError('Two-factor sign-in is already on. Turn it off first to enrol again.', 'totp_enabled');
      const secret = newTotpSecret();
      await repo.updateStaff(q(ctx), ctx.store.id, row.id, { totpSecret: encryptSecret(pepper, secret), totpLastStep: null });
      const { uri, qrCode } = await enrolment(secret, row.email, ctx.store.name);
      return { secret, otpauth_uri: uri, qr_code: qrCode };
    },

    /** Turns two-factor on with a right code; answers ten recovery codes, shown this once. */
    async totpConfirm(ctx: StaffContext, code: string): Promise<RecoveryCodesResponse> {
      const row = await own(ctx);
      if (row.totpEnabled) throw new ConflictError('Two-factor sign-in is already on.', 'totp_enabled');
      if (!row.totpSecret) throw new ConflictError('Start the enrolment first.', 'totp_not_started');
      const step = acceptedStep(decryptSecret(pepper, row.totpSecret), code.trim(), null);
      if (step === null) throw ValidationError.field('code', WRONG_CODE);
      const codes = newRecoveryCodes();
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { totpEnabled: true, totpLastStep: step });
        await repo.replaceRecoveryCodes(tx, ctx.store.id, row.id, codes.map(hashToken));
        await audit.record(within(ctx, tx), {
          action: 'staff.two_factor_enable', objectType: 'staff', objectId: row.id, changes: { two_factor_enabled: { old: false, new: true } },
        });
      });
      return { recovery_codes: codes };
    },

    /** Turns two-factor off with the password; not while the store requires it. Other sign-ins end. */
    async totpDisable(ctx: StaffContext, password: string, currentToken: string | undefined): Promise<MessageResponse> {
      const row = await own(ctx);
      if (!row.totpEnabled) throw new ConflictError('Two-factor sign-in is not on.', 'totp_disabled');
      if (ctx.store.staffTwoFactorRequired) throw new ConflictError('This store requires two-factor sign-in.', 'two_factor_required');
      await auth.signInLimits.assertNotLocked(ctx, row.id);
      if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
        await auth.signInLimits.recordFailure(ctx, row.id);
        throw ValidationError.field('password', 'The password is incorrect.');
      }
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { totpEnabled: false, totpSecret: null, totpLastStep: null });
        await repo.replaceRecoveryCodes(tx, ctx.store.id, row.id, []);
        // This sign-in goes on; every other one must sign in again.
        await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date(), currentToken ? hashToken(currentToken) : undefined);
        await audit.record(within(ctx, tx), {
          action: 'staff.two_factor_disable', objectType: 'staff', objectId: row.id, changes: { two_factor_enabled: { old: true, new: false } },
        });
      });
      return { message: 'Two-factor sign-in is off.' };
    },

    async list(ctx: StaffContext): Promise<StaffListResponse> {
      return { staff: (await repo.listLive(q(ctx), ctx.store.id)).map(listEntry) };
    },

    async invite(ctx: StaffContext, input: StaffInviteBody & { origin: string }): Promise<StaffInviteResponse> {
      const { row, expiresAt } = await invite(ctx, input);
      return { staff: listEntry(row), expires_at: expiresAt.toISOString() };
    },

    /** Who an invitation is for; 422 for an unknown, used or expired link. */
    async invitation(ctx: RequestContext, token: string): Promise<InvitationResponse> {
      const found = await repo.findLiveInvitation(q(ctx), ctx.store.id, hashToken(token), new Date());
      if (!found) throw ValidationError.field('token', 'This invitation link has expired or was already used. Ask for a new one.');
      return { name: found.member.name, email: found.member.email, role: found.member.role, store: ctx.store.name };
    },

    /** Sets the password of an invited member, once, and signs them in. */
    async acceptInvitation(ctx: RequestContext, input: AcceptInvitationBody): Promise<StaffSignedIn> {
      await auth.signInLimits.countCheck(ctx);
      const invalid = () => ValidationError.field('token', 'This invitation link has expired or was already used. Ask for a new one.');
      const found = await repo.findLiveInvitation(q(ctx), ctx.store.id, hashToken(input.token), new Date());
      if (!found) throw invalid();
      const passwordHash = await hashPassword(input.password);
      return q(ctx).transaction(async (tx) => {
        if (!(await repo.useInvitation(tx, found.id, new Date()))) throw invalid();
        const name = input.name ?? found.member.name;
        const row = (await repo.updateStaff(tx, ctx.store.id, found.member.id, { passwordHash, status: 'active', name }))!;
        await audit.record({ ...within(ctx, tx), actor: actorOf(row) }, {
          action: 'staff.accept_invitation', objectType: 'staff', objectId: row.id,
          changes: { status: { old: 'invited', new: 'active' }, ...(name !== found.member.name ? { name: { old: found.member.name, new: name } } : {}) },
        });
        return signIn(tx, ctx, row);
      });
    },

    /** A new role; the member's sign-ins end (their next token carries the new role). */
    async changeRole(ctx: StaffContext, id: number, role: StaffRole) {
      const row = await liveMember(ctx, id);
      if (row.role === role) return { staff: listEntry(row) };
      const saved = await q(ctx).transaction(async (tx) => {
        if (role !== 'owner') await assertNotLastOwner(tx, ctx, row);
        const updated = (await repo.updateStaff(tx, ctx.store.id, row.id, { role }))!;
        await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date());
        await audit.record(within(ctx, tx), { action: 'staff.role_change', objectType: 'staff', objectId: row.id, changes: { role: { old: row.role, new: role } } });
        return updated;
      });
      return { staff: listEntry(saved) };
    },

    /** Removes a member or withdraws an invitation: sign-ins end, open invitations stop working. */
    async remove(ctx: StaffContext, id: number): Promise<MessageResponse> {
      const row = await liveMember(ctx, id);
      await q(ctx).transaction(async (tx) => {
        await assertNotLastOwner(tx, ctx, row);
        const now = new Date();
        await repo.updateStaff(tx, ctx.store.id, row.id, { status: 'removed' });
        await repo.revokeStaffTokens(tx, ctx.store.id, row.id, now);
        await repo.voidInvitations(tx, ctx.store.id, row.id, now);
        await audit.record(within(ctx, tx), { action: 'staff.remove', objectType: 'staff', objectId: row.id, changes: { status: { old: row.status, new: 'removed' } } });
      });
      return { message: `${row.name} is no longer on the staff.` };
    },

    security: (ctx: StaffContext): SecuritySettings => ({ two_factor_required: ctx.store.staffTwoFactorRequired }),

    async setSecurity(ctx: StaffContext, input: SecuritySettings): Promise<SecuritySettings> {
      const old = ctx.store.staffTwoFactorRequired;
      // Requiring it without having it would lock the owner out of this very setting.
      if (input.two_factor_required && !old && !ctx.actor.twoFactor) {
        throw new ConflictError('Turn on two-factor sign-in for yourself (Security) before requiring it of everyone.', 'two_factor_not_enabled');
      }
      if (old !== input.two_factor_required) {
        await q(ctx).transaction(async (tx) => {
          await stores.setStaffTwoFactorRequired(within(ctx, tx), input.two_factor_required);
          await audit.record(within(ctx, tx), {
            action: 'settings.security', objectType: 'store', objectId: ctx.store.id,
            changes: { two_factor_required: { old, new: input.two_factor_required } },
          });
        });
      }
      return { two_factor_required: input.two_factor_required };
    },

    /** Names and emails of the store's members with these ids (the audit log shows them). */
    async membersById(ctx: RequestContext, ids: number[]) {
      const rows = await repo.findByIds(q(ctx), ctx.store.id, ids);
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
    },

    /** The operator's script: an owner invitation for a new store (the system invites); answers the link. */
    async inviteOwner(ctx: RequestContext, input: { email: string; name: string; origin: string }): Promise<string> {
      return (await invite(ctx, { ...input, role: 'owner' })).link;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
