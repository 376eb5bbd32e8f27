import { randomInt } from 'node:crypto';
import type {
  AcceptInvitationBody, AdminLoginBody, AdminLoginEmailVerifyBody, AdminLoginResponse, AdminLoginTotpBody, AdminMeResponse, AdminPasswordResetBody, ChangePasswordBody,
  EndedSessionsResponse, InvitationResponse, MessageResponse, RecoveryCodesResponse, SecuritySettings, SignInAlertsResponse, StaffInviteBody,
  StaffInviteResponse, StaffListResponse, StaffSession, StaffSessionsResponse, StaffSignedIn, TotpEnrolmentResponse,
} from '@gemstore/contracts';
import { ROLE_CAPABILITIES, type StaffRole } from '@gemstore/contracts/constants';
import { shopTimeZone } from '@gemstore/contracts/format';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, provedTwoFactor, type RequestContext, type StaffActor, type StaffContext, within } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { equalHex, hashOtp, hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { StoresService } from '../stores/stores.service.ts';
import * as repo from './staff.repo.ts';
import type { StaffFirstFactor, StaffRow, StaffSecondFactor, StaffTokenRow } from './staff.repo.ts';
import { deviceName, USER_AGENT_KEPT } from './staff.device.ts';
import { acceptedStep, checkTotp, decryptSecret, encryptSecret, enrolment, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode } from './staff.totp.ts';

const WRONG_SIGN_IN = 'The email or password is incorrect.';
const WRONG_CODE = 'The code is incorrect.';
const WRONG_PASSWORD_OR_CODE = 'The password or the code is incorrect.';
/** An authenticator code whose step was already used (a replay, or the same code typed twice). */
const USED_CODE = 'This code was already used; wait for the next one.';
/** What a refused second factor is told: a used code says so, anything else is wrong. */
const codeRefusal = (refusal: CodeRefusal) => (refusal === 'used' ? USED_CODE : WRONG_CODE);
type CodeRefusal = 'wrong' | 'used';
const CHALLENGE_MINUTES = 5;
const EMAIL_CODE_MINUTES = 10;
const CHALLENGE_MAX_WRONG_TRIES = 5;
const INVITATION_DAYS = 7;
/** Refused sign-ins of one member in the alert window that make owners see an alert (a locked password path always does). */
const ALERT_REFUSALS = 10;
const ALERT_WINDOW_HOURS = 24;
const SIGN_IN_REFUSED = 'staff.sign_in_refused';

/** The browser a sign-in is made from, as the route read it. */
export interface SignInClient {
  userAgent: string | undefined;
}

/** How a sign-in proved who it is. */
interface Proof {
  firstFactor: StaffFirstFactor;
  secondFactor: StaffSecondFactor | null;
}

const methodName = ({ firstFactor, secondFactor }: Proof) => (secondFactor ? `${firstFactor}+${secondFactor}` : firstFactor);

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

/** A member as the actor of their own sign-in step (before a token exists). */
function actorOf(row: StaffRow, proof: Proof): StaffActor {
  return { kind: 'staff', staffId: row.id, role: row.role, twoFactor: row.totpEnabled, sessionId: null, ...proof };
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
  const lifetimeMs = config.auth.staffSessionDays * 86400_000;
  const limits = auth.signInLimits;

  /** A new sign-in of the member: its token, recorded with how it proved who it is, from where and on what. */
  async function signIn(ctx: RequestContext, row: StaffRow, proof: Proof, client: SignInClient): Promise<StaffSignedIn> {
    const { token, hash } = newOpaqueToken();
    const now = new Date();
    await repo.insertToken(q(ctx), {
      storeId: ctx.store.id, staffId: row.id, tokenHash: hash, ...proof, createdAt: now, lastUsedAt: now,
      ip: ctx.ip || null, userAgent: client.userAgent?.slice(0, USER_AGENT_KEPT) || null,
    });
    await audit.record({ ...ctx, actor: actorOf(row, proof) }, {
      action: 'staff.sign_in', objectType: 'staff', objectId: row.id, changes: { method: { old: null, new: methodName(proof) } },
    });
    return { token, staff: member(row) };
  }

  /** Records a refused sign-in (the owners' alerts count them); the caller then answers the refusal. */
  async function refused(ctx: RequestContext, row: StaffRow | null, reason: string, email?: string): Promise<void> {
    await audit.record(ctx, {
      action: SIGN_IN_REFUSED, staffId: null, objectType: row ? 'staff' : 'staff_email', objectId: row ? row.id : (email ?? ''),
      changes: { reason: { old: null, new: reason } },
    });
  }

  /** While the password path is locked: 429 that names the ways in that still work. */
  function passwordLocked(row: StaffRow): TooManyRequestsError {
    return new TooManyRequestsError(row.totpEnabled
      ? 'Too many wrong passwords were tried on this account. Type the code from your authenticator app (or a recovery code) with your password, or sign in with a code sent to your email.'
      : 'Too many wrong passwords were tried on this account. Sign in with a code sent to your email instead.', 60, 'password_locked');
  }

  const emailCodeHash = (ctx: RequestContext, row: StaffRow, code: string, purpose: 'staff-sign-in' | 'staff-password-reset' = 'staff-sign-in') =>
    hashOtp(pepper, { storeId: ctx.store.id, purpose, recipient: String(row.id), code });

  /** When a sign-in begun at `createdAt` ends, whatever its use. */
  const expiresAt = (createdAt: Date) => new Date(createdAt.getTime() + lifetimeMs);

  /**
   * A challenge answered by a 6-digit code emailed to the member (signing in, or resetting the
   * password), counted per address and per email. An unknown or inactive email gets the same answer:
   * a challenge that nothing will accept.
   */
  async function emailCodeChallenge(
    ctx: RequestContext, email: string, purpose: 'staff-sign-in' | 'staff-password-reset',
    message: (name: string, code: string) => { subject: string; text: string },
  ): Promise<{ challenge: string }> {
    await limits.countCheck(ctx);
    await limits.reserveEmailCode(ctx, email);
    const { token, hash } = newOpaqueToken();
    const row = await repo.findLiveByEmail(q(ctx), ctx.store.id, email);
    if (!row || row.status !== 'active') return { challenge: token };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertChallenge(q(ctx), {
      storeId: ctx.store.id, staffId: row.id, challengeHash: hash, firstFactor: 'email_code',
      emailCodeHash: emailCodeHash(ctx, row, code, purpose), expiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000),
    });
    await notifications.sendEmail(ctx, { to: row.email, purpose, secret: code, ...message(row.name, code) });
    return { challenge: token };
  }

  function sessionOf(row: StaffTokenRow, currentId: number | null): StaffSession {
    return {
      id: row.id, first_factor: row.firstFactor, second_factor: row.secondFactor,
      created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt.toISOString(), expires_at: expiresAt(row.createdAt).toISOString(),
      ip: row.ip, device: deviceName(row.userAgent), current: row.id === currentId,
    };
  }

  async function liveSessions(ctx: RequestContext, staffId: number, currentId: number | null): Promise<StaffSessionsResponse> {
    const now = Date.now();
    const rows = await repo.listLiveTokens(q(ctx), ctx.store.id, staffId, new Date(now - idleMs), new Date(now - lifetimeMs));
    return { sessions: rows.map((r) => sessionOf(r, currentId)) };
  }

  /** Ends sign-ins of a member and records it: one (`sessionId`) or all but `keepId`. */
  async function endSessions(ctx: StaffContext, staffId: number, which: { sessionId: number } | { keepId: number | null }): Promise<number> {
    return q(ctx).transaction(async (tx) => {
      const now = new Date();
      const ended = 'sessionId' in which
        ? Number(await repo.revokeTokenById(tx, ctx.store.id, staffId, which.sessionId, now))
        : await repo.revokeStaffTokens(tx, ctx.store.id, staffId, now, which.keepId);
      if (ended) {
        await audit.record(within(ctx, tx), {
          action: 'staff.sessions_end', objectType: 'staff', objectId: staffId,
          changes: { sessions: { old: 'sessionId' in which ? which.sessionId : 'all', new: 'ended' }, ...('keepId' in which && which.keepId ? { kept: { old: null, new: which.keepId } } : {}) },
        });
      }
      return ended;
    });
  }

  /**
   * Whether this sign-in may turn two-factor on: always, except while the store requires it and the
   * sign-in proved only the password (a stolen password alone must not register the thief's authenticator).
   */
  const mayEnrol = (ctx: StaffContext) => !ctx.store.staffTwoFactorRequired || ctx.actor.firstFactor !== 'password' || ctx.actor.secondFactor !== null;

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

  /**
   * Checks a TOTP or recovery code of a member with two-factor on, using it up: which it was, or
   * why it is refused ('used': an authenticator code whose step was already accepted).
   */
  async function useSecondFactor(dbx: Executor, ctx: RequestContext, row: StaffRow, code: string): Promise<{ factor: StaffSecondFactor } | { refused: CodeRefusal }> {
    const typed = code.trim();
    if (/^\d{6}$/.test(typed)) {
      if (!row.totpSecret) return { refused: 'wrong' };
      const checked = checkTotp(decryptSecret(pepper, row.totpSecret), typed, row.totpLastStep);
      if (!checked.ok) return { refused: checked.reason };
      // Taken by a sign-in at the same moment: used all the same.
      return (await repo.advanceTotpStep(dbx, ctx.store.id, row.id, checked.step)) ? { factor: 'totp' } : { refused: 'used' };
    }
    return (await repo.useRecoveryCode(dbx, ctx.store.id, row.id, hashToken(normaliseRecoveryCode(typed)), new Date())) ? { factor: 'recovery_code' } : { refused: 'wrong' };
  }

  /** The member's password, checked against the password path's lockout; a wrong one counts. */
  async function checkOwnPassword(ctx: StaffContext, row: StaffRow, password: string, field: string): Promise<void> {
    await limits.assertNotLocked(ctx, row.id, 'password');
    if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
      await limits.recordFailure(ctx, row.id, 'password');
      throw ValidationError.field(field, 'The password is incorrect.');
    }
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
    /** The member and sign-in a back-office token stands for on this store; null for a missing, revoked, idle, expired, foreign or removed member's token. */
    async actorOfToken(ctx: RequestContext, token: string): Promise<StaffActor | null> {
      const now = Date.now();
      const found = await repo.findActiveToken(q(ctx), ctx.store.id, hashToken(token), new Date(now - idleMs), new Date(now - lifetimeMs));
      if (!found) return null;
      if (now - found.lastUsedAt.getTime() > 5 * 60_000 || (ctx.ip && ctx.ip !== found.ip)) await repo.touchToken(q(ctx), found.id, new Date(now), ctx.ip || null);
      return {
        kind: 'staff', staffId: found.staffId, role: found.role, twoFactor: found.totpEnabled,
        sessionId: found.id, firstFactor: found.firstFactor, secondFactor: found.secondFactor,
      };
    },

    /**
     * Password sign-in, counted like customers' (per address, and a lockout per member). While the
     * password path is locked, a member with two-factor still signs in by sending a right code with
     * the right password (the code's own lockout counts it), and anyone by an emailed code.
     */
    async login(ctx: RequestContext, input: AdminLoginBody, client: SignInClient): Promise<AdminLoginResponse> {
      await limits.countCheck(ctx);
      const row = await repo.findLiveByEmail(q(ctx), ctx.store.id, input.email);
      if (!row || row.status !== 'active' || !row.passwordHash) {
        await burnPasswordCheck(input.password);
        await refused(ctx, null, 'unknown_email', input.email);
        throw ValidationError.field('password', WRONG_SIGN_IN);
      }
      if (await limits.isLocked(ctx, row.id, 'password')) {
        if (!row.totpEnabled || !input.code) {
          await refused(ctx, row, 'password_locked');
          throw passwordLocked(row);
        }
        await limits.assertNotLocked(ctx, row.id, 'code');
        // One answer for a wrong password and a wrong code: guesses made while the password path is locked teach nothing without the code.
        if (!(await verifyPassword(input.password, row.passwordHash))) {
          await limits.recordFailure(ctx, row.id, 'password');
          await refused(ctx, row, 'wrong_password');
          throw new ValidationError({ password: [WRONG_PASSWORD_OR_CODE], code: [WRONG_PASSWORD_OR_CODE] });
        }
        const used = await useSecondFactor(q(ctx), ctx, row, input.code);
        if ('refused' in used) {
          await limits.recordFailure(ctx, row.id, 'code');
          await refused(ctx, row, used.refused === 'used' ? 'used_code' : 'wrong_code');
          // The password was right: a used code may say so.
          if (used.refused === 'used') throw ValidationError.field('code', USED_CODE);
          throw new ValidationError({ password: [WRONG_PASSWORD_OR_CODE], code: [WRONG_PASSWORD_OR_CODE] });
        }
        return signIn(ctx, row, { firstFactor: 'password', secondFactor: used.factor }, client);
      }
      if (!(await verifyPassword(input.password, row.passwordHash))) {
        await limits.recordFailure(ctx, row.id, 'password');
        await refused(ctx, row, 'wrong_password');
        throw ValidationError.field('password', WRONG_SIGN_IN);
      }
      if (!row.totpEnabled) return signIn(ctx, row, { firstFactor: 'password', secondFactor: null }, client);
      if (input.code) {
        await limits.assertNotLocked(ctx, row.id, 'code');
        const used = await useSecondFactor(q(ctx), ctx, row, input.code);
        if ('refused' in used) {
          await limits.recordFailure(ctx, row.id, 'code');
          await refused(ctx, row, used.refused === 'used' ? 'used_code' : 'wrong_code');
          throw ValidationError.field('code', codeRefusal(used.refused));
        }
        return signIn(ctx, row, { firstFactor: 'password', secondFactor: used.factor }, client);
      }
      const { token, hash } = newOpaqueToken();
      await repo.insertChallenge(q(ctx), {
        storeId: ctx.store.id, staffId: row.id, challengeHash: hash, firstFactor: 'password', expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      });
      return { challenge: token };
    },

    /**
     * Sign-in without the password: a 6-digit code to the member's email, counted like customers'
     * codes. An unknown email gets the same answer (a challenge that nothing will accept).
     */
    async loginEmail(ctx: RequestContext, email: string): Promise<{ challenge: string }> {
      return emailCodeChallenge(ctx, email, 'staff-sign-in', (name, code) => ({
        subject: `${ctx.store.name}: your back-office sign-in code`,
        text: `Hello ${name},\n\nYour code to sign in to the ${ctx.store.name} back office is ${code}. It works once, for ${EMAIL_CODE_MINUTES} minutes.\n\n`
          + 'If you did not ask to sign in, someone may know your email address: you can ignore this email, and tell the store\'s owner.',
      }));
    },

    /**
     * A forgotten password: a 6-digit code to the member's email, counted like the sign-in codes (per
     * address, and per email). An unknown email gets the same answer (a challenge nothing accepts).
     */
    async passwordForgot(ctx: RequestContext, email: string): Promise<{ challenge: string }> {
      return emailCodeChallenge(ctx, email, 'staff-password-reset', (name, code) => ({
        subject: `${ctx.store.name}: reset your back-office password`,
        text: `Hello ${name},\n\nYour code to set a new password for the ${ctx.store.name} back office is ${code}. It works once, for ${EMAIL_CODE_MINUTES} minutes.\n\n`
          + 'If you did not ask for it, you can ignore this email: your password stays as it is.',
      }));
    },

    /** Sets a new password with the emailed reset code; every sign-in of the member ends. */
    async passwordReset(ctx: RequestContext, input: AdminPasswordResetBody): Promise<MessageResponse> {
      await limits.countCheck(ctx);
      const expired = () => ValidationError.field('challenge', 'This code has expired. Ask for a new one.');
      const challenge = await repo.findLiveChallenge(q(ctx), ctx.store.id, hashToken(input.challenge), new Date(), true);
      if (!challenge || challenge.attempts >= CHALLENGE_MAX_WRONG_TRIES) throw expired();
      const row = await repo.findById(q(ctx), ctx.store.id, challenge.staffId);
      if (!row || row.status !== 'active') throw expired();
      if (!equalHex(emailCodeHash(ctx, row, input.code, 'staff-password-reset'), challenge.emailCodeHash!)) {
        await repo.countWrongTry(q(ctx), challenge.id, CHALLENGE_MAX_WRONG_TRIES);
        await refused(ctx, row, 'wrong_reset_code');
        throw ValidationError.field('code', WRONG_CODE);
      }
      const passwordHash = await hashPassword(input.password);
      await q(ctx).transaction(async (tx) => {
        if (!(await repo.useChallenge(tx, challenge.id, new Date()))) throw expired();
        await repo.updateStaff(tx, ctx.store.id, row.id, { passwordHash });
        const ended = await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date(), null);
        await audit.record(within(ctx, tx), {
          action: 'staff.password_reset', staffId: row.id, objectType: 'staff', objectId: row.id, changes: { sessions_ended: { old: null, new: ended } },
        });
      });
      return { message: 'Your password is changed. Sign in with it now.' };
    },

    /** The emailed code: signs in, or (two-factor on) answers the same challenge, now waiting for the authenticator code. */
    async loginEmailVerify(ctx: RequestContext, input: AdminLoginEmailVerifyBody, client: SignInClient): Promise<AdminLoginResponse> {
      await limits.countCheck(ctx);
      const expired = () => ValidationError.field('challenge', 'This code has expired. Ask for a new one.');
      const challenge = await repo.findLiveChallenge(q(ctx), ctx.store.id, hashToken(input.challenge), new Date(), true);
      if (!challenge || challenge.attempts >= CHALLENGE_MAX_WRONG_TRIES) throw expired();
      const row = await repo.findById(q(ctx), ctx.store.id, challenge.staffId);
      if (!row || row.status !== 'active') throw expired();
      if (!equalHex(emailCodeHash(ctx, row, input.code), challenge.emailCodeHash!)) {
        await repo.countWrongTry(q(ctx), challenge.id, CHALLENGE_MAX_WRONG_TRIES);
        await refused(ctx, row, 'wrong_email_code');
        throw ValidationError.field('code', WRONG_CODE);
      }
      if (!(await repo.proveEmailCode(q(ctx), challenge.id))) throw expired();
      if (row.totpEnabled) return { challenge: input.challenge };
      if (!(await repo.useChallenge(q(ctx), challenge.id, new Date()))) throw expired();
      return signIn(ctx, row, { firstFactor: 'email_code', secondFactor: null }, client);
    },

    /** The second step: a TOTP code (each used once) or a recovery code (single use), after the password or an emailed code. */
    async loginTotp(ctx: RequestContext, input: AdminLoginTotpBody, client: SignInClient): Promise<StaffSignedIn> {
      await limits.countCheck(ctx);
      const expired = () => ValidationError.field('challenge', 'This sign-in has expired. Please sign in again.');
      const challenge = await repo.findLiveChallenge(q(ctx), ctx.store.id, hashToken(input.challenge), new Date());
      if (!challenge) throw expired();
      const row = await repo.findById(q(ctx), ctx.store.id, challenge.staffId);
      if (!row || row.status !== 'active' || !row.totpEnabled) throw expired();
      await limits.assertNotLocked(ctx, row.id, 'code');
      if (challenge.attempts >= CHALLENGE_MAX_WRONG_TRIES) throw expired();
      // Each step is one atomic statement: a code (TOTP step or recovery code) is used once, then the challenge once.
      const used = await useSecondFactor(q(ctx), ctx, row, input.code);
      if ('refused' in used) {
        await repo.countWrongTry(q(ctx), challenge.id, CHALLENGE_MAX_WRONG_TRIES);
        await limits.recordFailure(ctx, row.id, 'code');
        await refused(ctx, row, used.refused === 'used' ? 'used_code' : 'wrong_code');
        throw ValidationError.field('code', codeRefusal(used.refused));
      }
      if (!(await repo.useChallenge(q(ctx), challenge.id, new Date()))) throw expired();
      return signIn(ctx, row, { firstFactor: challenge.firstFactor, secondFactor: used.factor }, client);
    },

    async logout(ctx: StaffContext, token: string | undefined): Promise<MessageResponse> {
      if (!token) throw new UnauthorizedError();
      await q(ctx).transaction(async (tx) => {
        await repo.revokeToken(tx, ctx.store.id, hashToken(token), new Date());
        await audit.record(within(ctx, tx), { action: 'staff.sign_out', objectType: 'staff', objectId: ctx.actor.staffId, changes: { sessions: { old: ctx.actor.sessionId, new: 'ended' } } });
      });
      return { message: 'You have been signed out.' };
    },

    async me(ctx: StaffContext): Promise<AdminMeResponse> {
      const row = await own(ctx);
      const session = ctx.actor.sessionId === null ? null : (await liveSessions(ctx, row.id, ctx.actor.sessionId)).sessions.find((x) => x.current);
      const required = ctx.store.staffTwoFactorRequired;
      return {
        staff: { ...member(row), two_factor_enabled: row.totpEnabled },
        store: { name: ctx.store.name, two_factor_required: required, time_zone: shopTimeZone(ctx.store.isFromIndia) },
        capabilities: [...ROLE_CAPABILITIES[row.role]],
        two_factor_setup_required: required && !row.totpEnabled,
        two_factor_sign_in_required: required && row.totpEnabled && !provedTwoFactor(ctx.actor),
        session: {
          first_factor: ctx.actor.firstFactor, second_factor: ctx.actor.secondFactor, may_enrol: mayEnrol(ctx),
          expires_at: session?.expires_at ?? new Date(Date.now() + lifetimeMs).toISOString(),
        },
      };
    },

    /** Changes the password with the current one; every other sign-in of the member ends. */
    async changePassword(ctx: StaffContext, input: ChangePasswordBody): Promise<MessageResponse> {
      const row = await own(ctx);
      await checkOwnPassword(ctx, row, input.current_password, 'current_password');
      const passwordHash = await hashPassword(input.password);
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { passwordHash });
        const ended = await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date(), ctx.actor.sessionId);
        await audit.record(within(ctx, tx), {
          action: 'staff.password_change', objectType: 'staff', objectId: row.id, changes: { other_sessions_ended: { old: null, new: ended } },
        });
      });
      return { message: 'Your password is changed. You are signed out everywhere else.' };
    },

    /** A new secret (replacing one not confirmed yet); two-factor stays off until a code confirms it. */
    async totpStart(ctx: StaffContext): Promise<TotpEnrolmentResponse> {
      const row = await own(ctx);
      if (row.totpEnabled) throw new ConflictError('Two-factor sign-in is already on. Turn it off first to enrol again.', 'totp_enabled');
      if (!mayEnrol(ctx)) {
        throw new ForbiddenError('This store requires two-factor sign-in. To turn it on, sign out and sign in with a code sent to your email first.', 'fresh_sign_in_required');
      }
      const secret = newTotpSecret();
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { totpSecret: encryptSecret(pepper, secret), totpLastStep: null });
        await audit.record(within(ctx, tx), { action: 'staff.two_factor_start', objectType: 'staff', objectId: row.id });
      });
      const { uri, qrCode } = await enrolment(secret, row.email, ctx.store.name);
      return { secret, otpauth_uri: uri, qr_code: qrCode };
    },

    /**
     * Turns two-factor on with a right code; answers ten recovery codes, shown this once. This sign-in
     * has now proved the code; every other one of the member ends.
     */
    async totpConfirm(ctx: StaffContext, code: string): Promise<RecoveryCodesResponse> {
      const row = await own(ctx);
      if (row.totpEnabled) throw new ConflictError('Two-factor sign-in is already on.', 'totp_enabled');
      if (!row.totpSecret) throw new ConflictError('Start the enrolment first.', 'totp_not_started');
      if (!mayEnrol(ctx)) {
        throw new ForbiddenError('This store requires two-factor sign-in. To turn it on, sign out and sign in with a code sent to your email first.', 'fresh_sign_in_required');
      }
      const step = acceptedStep(decryptSecret(pepper, row.totpSecret), code.trim(), null);
      if (step === null) throw ValidationError.field('code', WRONG_CODE);
      const codes = newRecoveryCodes();
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { totpEnabled: true, totpLastStep: step });
        await repo.replaceRecoveryCodes(tx, ctx.store.id, row.id, codes.map(hashToken));
        if (ctx.actor.sessionId !== null) await repo.setSecondFactor(tx, ctx.actor.sessionId, 'totp');
        const ended = await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date(), ctx.actor.sessionId);
        await audit.record(within(ctx, tx), {
          action: 'staff.two_factor_enable', objectType: 'staff', objectId: row.id,
          changes: { two_factor_enabled: { old: false, new: true }, other_sessions_ended: { old: null, new: ended } },
        });
      });
      return { recovery_codes: codes };
    },

    /** Turns two-factor off with the password and a current or recovery code; not while the store requires it. Other sign-ins end. */
    async totpDisable(ctx: StaffContext, input: { password: string; code: string }): Promise<MessageResponse> {
      const row = await own(ctx);
      if (!row.totpEnabled) throw new ConflictError('Two-factor sign-in is not on.', 'totp_disabled');
      if (ctx.store.staffTwoFactorRequired) throw new ConflictError('This store requires two-factor sign-in.', 'totp_required_by_store');
      await checkOwnPassword(ctx, row, input.password, 'password');
      await limits.assertNotLocked(ctx, row.id, 'code');
      const used = await useSecondFactor(q(ctx), ctx, row, input.code);
      if ('refused' in used) {
        await limits.recordFailure(ctx, row.id, 'code');
        throw ValidationError.field('code', codeRefusal(used.refused));
      }
      await q(ctx).transaction(async (tx) => {
        await repo.updateStaff(tx, ctx.store.id, row.id, { totpEnabled: false, totpSecret: null, totpLastStep: null });
        await repo.replaceRecoveryCodes(tx, ctx.store.id, row.id, []);
        if (ctx.actor.sessionId !== null) await repo.setSecondFactor(tx, ctx.actor.sessionId, null);
        // This sign-in goes on; every other one must sign in again.
        const ended = await repo.revokeStaffTokens(tx, ctx.store.id, row.id, new Date(), ctx.actor.sessionId);
        await audit.record(within(ctx, tx), {
          action: 'staff.two_factor_disable', objectType: 'staff', objectId: row.id,
          changes: { two_factor_enabled: { old: true, new: false }, other_sessions_ended: { old: null, new: ended } },
        });
      });
      return { message: 'Two-factor sign-in is off.' };
    },

    /** The member's own live sign-ins. */
    sessions: (ctx: StaffContext) => liveSessions(ctx, ctx.actor.staffId, ctx.actor.sessionId),

    async endSession(ctx: StaffContext, sessionId: number): Promise<EndedSessionsResponse> {
      const ended = await endSessions(ctx, ctx.actor.staffId, { sessionId });
      if (!ended) throw new NotFoundError('No such sign-in.', 'session_not_found');
      return { message: 'That sign-in has ended.', ended };
    },

    async endOtherSessions(ctx: StaffContext): Promise<EndedSessionsResponse> {
      const ended = await endSessions(ctx, ctx.actor.staffId, { keepId: ctx.actor.sessionId });
      return { message: ended === 1 ? '1 other sign-in has ended.' : `${ended} other sign-ins have ended.`, ended };
    },

    /** A member's live sign-ins (owners). */
    async memberSessions(ctx: StaffContext, id: number): Promise<StaffSessionsResponse> {
      const row = await liveMember(ctx, id);
      return liveSessions(ctx, row.id, ctx.actor.sessionId);
    },

    /** Ends one sign-in of a member, or all of them (owners). */
    async endMemberSessions(ctx: StaffContext, id: number, sessionId?: number): Promise<EndedSessionsResponse> {
      const row = await liveMember(ctx, id);
      const ended = await endSessions(ctx, row.id, sessionId === undefined ? { keepId: null } : { sessionId });
      if (sessionId !== undefined && !ended) throw new NotFoundError('No such sign-in.', 'session_not_found');
      return { message: ended === 1 ? `1 sign-in of ${row.name} has ended.` : `${ended} sign-ins of ${row.name} have ended.`, ended };
    },

    /**
     * Members whose sign-in is being attacked: at least ALERT_REFUSALS refused sign-ins in the last
     * ALERT_WINDOW_HOURS, or the password path locked now.
     */
    async signInAlerts(ctx: StaffContext): Promise<SignInAlertsResponse> {
      const since = new Date(Date.now() - ALERT_WINDOW_HOURS * 3600_000);
      const counts = new Map((await audit.countByObjectSince(ctx, SIGN_IN_REFUSED, 'staff', since)).map((c) => [Number(c.objectId), c]));
      const alerts: SignInAlertsResponse['alerts'] = [];
      for (const row of await repo.listLive(q(ctx), ctx.store.id)) {
        const c = counts.get(row.id);
        if (!c) continue;
        const locked = await limits.isLocked(ctx, row.id, 'password');
        if (!locked && c.entries < ALERT_REFUSALS) continue;
        alerts.push({
          staff: { id: row.id, name: row.name, email: row.email }, refusals: c.entries, addresses: c.addresses,
          last_refused_at: c.lastAt.toISOString(), password_locked: locked,
        });
      }
      return { alerts: alerts.sort((x, y) => y.refusals - x.refusals), window_hours: ALERT_WINDOW_HOURS };
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
    async acceptInvitation(ctx: RequestContext, input: AcceptInvitationBody, client: SignInClient): Promise<StaffSignedIn> {
      await auth.signInLimits.countCheck(ctx);
      const invalid = () => ValidationError.field('token', 'This invitation link has expired or was already used. Ask for a new one.');
      const found = await repo.findLiveInvitation(q(ctx), ctx.store.id, hashToken(input.token), new Date());
      if (!found) throw invalid();
      const passwordHash = await hashPassword(input.password);
      return q(ctx).transaction(async (tx) => {
        if (!(await repo.useInvitation(tx, found.id, new Date()))) throw invalid();
        const name = input.name ?? found.member.name;
        const row = (await repo.updateStaff(tx, ctx.store.id, found.member.id, { passwordHash, status: 'active', name }))!;
        await audit.record({ ...within(ctx, tx), actor: actorOf(row, { firstFactor: 'invitation', secondFactor: null }) }, {
          action: 'staff.accept_invitation', objectType: 'staff', objectId: row.id,
          changes: { status: { old: 'invited', new: 'active' }, ...(name !== found.member.name ? { name: { old: found.member.name, new: name } } : {}) },
        });
        return signIn(within(ctx, tx), row, { firstFactor: 'invitation', secondFactor: null }, client);
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
      // Requiring it without having it (in this sign-in) would lock the owner out of this very setting.
      if (input.two_factor_required && !old && !provedTwoFactor(ctx.actor)) {
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
