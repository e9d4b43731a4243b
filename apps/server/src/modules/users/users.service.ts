import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import {
  accountDeletedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../../mail/account-mails.js';
import { formatDateTime } from '@streckenpass/contract/format';
import { generateToken, hashToken } from '../../lib/one-time-token.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthTokensRepository } from '../../repositories/auth-tokens.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export interface AccountServiceDeps {
  repo: UsersRepository;
  sessions: Pick<AuthTokensRepository, 'revokeAllOf'>;
  // Other modules' repositories, by their decorators' types: a module imports no other module.
  shareLinks: Pick<FastifyInstance['shareLinksRepository'], 'revokeAllOf'>;
  calendarFeeds: Pick<FastifyInstance['notificationsRepository'], 'revokeFeed'>;
  /** Runs `work` in one database transaction (`usersRepository.transaction`). */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  mailer: Mailer;
  publicUrl: string;
  /** The application time zone (IANA), for the time printed in mails. */
  timezone: string;
  /** scrypt's cost of new hashes (config.passwordCostLog2N). */
  passwordCostLog2N: number;
  log: FastifyBaseLogger;
}

/** What a new password (change or reset) ends besides the other sessions (docs/decisions/0033). */
export interface NewPasswordOptions {
  /** Also revoke every share link and the calendar feed. */
  revokeSharedAccess?: boolean;
}

/** Account flows that span the repository, password hashing, one-time tokens and mail. */
export function createAccountService({
  repo,
  sessions,
  shareLinks,
  calendarFeeds,
  transaction,
  mailer,
  publicUrl,
  timezone,
  passwordCostLog2N,
  log,
}: AccountServiceDeps) {
  const hashNew = (password: string) => hashPassword(password, passwordCostLog2N);
  async function sendVerification(user: UserRow): Promise<void> {
    await repo.invalidateOpenTokens(user.id, 'verification');
    const { token, hash } = generateToken();
    await repo.createOneTimeToken(user.id, 'verification', hash, new Date(Date.now() + VERIFICATION_TTL_MS));
    const link = `${publicUrl}/api/users/mail-verification/${encodeURIComponent(user.email)}/${token}`;
    await mailer.send({ to: user.email, ...verificationMail({ firstname: user.firstname, link }) });
  }

  /** "Ihr Passwort wurde geändert" to the account's address; a failed mail is logged, the change stands. */
  async function notifyPasswordChanged(userId: number): Promise<void> {
    const user = await repo.findById(userId);
    if (!user) return;
    const mail = passwordChangedMail({
      firstname: user.firstname,
      when: formatDateTime(new Date(), timezone),
      startUrl: `${publicUrl}/`,
    });
    await mailer
      .send({ to: user.email, ...mail })
      .catch((err: unknown) => log.error({ err }, 'password change mail failed'));
  }

  /**
   * Stores the new password's hash and ends the other sessions (all but `keepJti`), and on request every share link
   * and the calendar feed, in the transaction `tx`: all of it happens or none of it.
   */
  async function setNewPassword(
    tx: Executor,
    userId: number,
    passwordHash: string,
    keepJti: string | undefined,
    { revokeSharedAccess = false }: NewPasswordOptions,
  ): Promise<void> {
    await repo.setPassword(userId, passwordHash, tx);
    await sessions.revokeAllOf(userId, keepJti, tx);
    if (revokeSharedAccess) {
      await shareLinks.revokeAllOf(userId, tx);
      await calendarFeeds.revokeFeed(userId, tx);
    }
  }

  return {
    sendVerification,

    /** Returns the user for correct credentials; spends the same time for unknown addresses. */
    async checkCredentials(email: string, password: string): Promise<UserRow | undefined> {
      const user = await repo.findByEmail(email.trim());
      if (!user) {
        await burnPasswordCheck(password, passwordCostLog2N);
        return undefined;
      }
      return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
    },

    async register(input: {
      email: string;
      password: string;
      firstname: string;
      lastname: string;
    }): Promise<UserRow | undefined> {
      const user = await repo.create({
        email: input.email.trim(),
        passwordHash: await hashNew(input.password),
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
      });
      if (!user) return undefined;
      // The account exists even when the mail server is down; the user can resend from the banner.
      sendVerification(user).catch((err: unknown) => log.error({ err }, 'verification mail failed'));
      return user;
    },

    async verifyMail(mail: string, token: string): Promise<boolean> {
      const row = await repo.findOneTimeToken('verification', hashToken(token));
      if (!row) return false;
      const user = await repo.findById(row.userId);
      if (!user || user.email.toLowerCase() !== mail.trim().toLowerCase()) return false;
      const userId = await repo.consumeOneTimeToken('verification', hashToken(token));
      if (userId === undefined) return false;
      await repo.markVerified(userId);
      return true;
    },

    /** Mails a reset link to a known address; does nothing observable for an unknown one. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.findByEmail(email.trim());
      if (!user) return;
      await repo.invalidateOpenTokens(user.id, 'reset');
      const { token, hash } = generateToken();
      await repo.createOneTimeToken(user.id, 'reset', hash, new Date(Date.now() + RESET_TTL_MS));
      const link = `${publicUrl}/reset-password?token=${token}`;
      await mailer.send({ to: user.email, ...passwordResetMail({ firstname: user.firstname, link }) });
    },

    /**
     * Sets the new password of a valid reset link and ends every session (and on request the shared access). The
     * link is looked at before the password is hashed (an invalid one costs no hashing) and used up in the
     * transaction that sets the password, so a failure leaves it usable.
     */
    async resetPassword(token: string, newPassword: string, options: NewPasswordOptions = {}): Promise<boolean> {
      const tokenHash = hashToken(token);
      const found = await repo.findOneTimeToken('reset', tokenHash);
      if (!found || found.usedAt !== null || found.expiresAt <= new Date()) return false;
      const passwordHash = await hashNew(newPassword);
      const userId = await transaction(async (tx) => {
        const consumed = await repo.consumeOneTimeToken('reset', tokenHash, tx);
        if (consumed === undefined) return undefined;
        await setNewPassword(tx, consumed, passwordHash, undefined, options);
        return consumed;
      });
      if (userId === undefined) return false;
      await notifyPasswordChanged(userId);
      return true;
    },

    /**
     * Deletes the account after checking the password: ends every session first (this instance's cache at once,
     * other instances through NOTIFY), then the account with all its rows, then mails a confirmation to the
     * former address. False for a wrong password (nothing happens).
     */
    async deleteAccount(userId: number, password: string): Promise<boolean> {
      const user = await repo.findById(userId);
      if (!user || !(await verifyPassword(password, user.passwordHash))) return false;
      await sessions.revokeAllOf(userId);
      await repo.remove(userId);
      mailer
        .send({ to: user.email, ...accountDeletedMail({ firstname: user.firstname, legalUrl: `${publicUrl}/legal` }) })
        .catch((err: unknown) => log.error({ err }, 'account deletion mail failed'));
      return true;
    },

    /** False for a wrong current password (nothing changes); the session `currentJti` stays signed in. */
    async changePassword(
      userId: number,
      currentJti: string,
      current: string,
      next: string,
      options: NewPasswordOptions = {},
    ): Promise<boolean> {
      const user = await repo.findById(userId);
      if (!user || !(await verifyPassword(current, user.passwordHash))) return false;
      const passwordHash = await hashNew(next);
      await transaction((tx) => setNewPassword(tx, userId, passwordHash, currentJti, options));
      await notifyPasswordChanged(userId);
      return true;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** The account service over the instance's repositories, mailer and settings (both route files of the module use it). */
export function accountServiceFor(app: FastifyInstance): AccountService {
  return createAccountService({
    repo: app.usersRepository,
    sessions: app.authTokens,
    shareLinks: app.shareLinksRepository,
    calendarFeeds: app.notificationsRepository,
    transaction: (work) => app.usersRepository.transaction(work),
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    timezone: app.config.timezone,
    passwordCostLog2N: app.config.passwordCostLog2N,
    log: app.log,
  });
}
