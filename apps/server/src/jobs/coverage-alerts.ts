import { stationsLabel } from '@streckenpass/contract/knowledge-items';
import type { FastifyBaseLogger } from 'fastify';
import { daysBetween } from '@streckenpass/contract/knowledge';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import { requirementMinimum, type Requirement } from '@streckenpass/contract/requirements';
import { sectionLabel } from '@streckenpass/contract/route-paths';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../lib/mailer.js';
import { coverageAlertMail } from '../mail/scheduled-mails.js';
import type { AlertRecipient, CoverageAlertsRepository } from './coverage-alerts.repository.js';
import { catchUpWeekly, type CatchUp, type CatchUpOptions } from './weekly-report-catch-up.js';
import { dispatchWeeklyMails, type DispatchOptions, type RunWeek, type WeeklyMailResult } from './weekly-mail.js';

/*
 * The Disponent's weekly coverage mail (issue 28 item 5, decision 0046 addendum). A member of a Betrieb with the role
 * admin or Disponent who chose a minimum number of drivers (`memberships.coverage_alert_min`) gets, once per ISO week,
 * a mail naming the requirements with fewer drivers whose knowledge holds beyond the next COVERAGE_WINDOW_DAYS, and
 * the drivers whose knowledge of a requirement ends within them — when there is either; otherwise no mail. It runs at
 * the weekly report's time, from the same triggers (scheduler, start-up catch-up, cron endpoint), and is claimed per
 * membership and week in coverage_alert_log with the weekly report's lease (db/weekly-claims.ts, decision 0002).
 */

/** Lapsing knowledge a mail names at most (soonest first); the rest is counted. */
export const LAPSING_SHOWN = 100;

/** A Betrieb's coverage on one day, as its admins and Disponenten may read it (modules/betriebe/coverage.repository.ts). */
export interface BetriebCoverage {
  /** The window's last day (today + COVERAGE_WINDOW_DAYS). */
  until: string;
  /** Every requirement: the drivers it is asked of, and how many of them know it beyond `until`. */
  requirements: { requirement: Requirement; drivers: number; covered: number }[];
  /** Knowledge of a requirement that is valid today and ends by `until`: at most the asked number, soonest first. */
  lapsing: { requirement: Requirement; driver: string; validUntil: string }[];
  /** All such knowledge, also beyond the ones listed. */
  lapsingTotal: number;
  /**
   * Drivers whose check of the infrastructure knowledge is due by `until` or overdue (issue 41 item 5, TfV Anlage 11
   * Nr. 3 b), soonest first: the words of the matrix (`nextCheckLabel`).
   */
  dueChecks: { driver: string; due: string; label: string }[];
}

export interface CoverageAlertDeps {
  alerts: CoverageAlertsRepository;
  /** `app.coverageRepository`: read as the recipient, so that only an admin or Disponent of the Betrieb reads it. */
  coverage: {
    read(betriebId: number, readerId: number, today: string, shown: number): Promise<BetriebCoverage | undefined>;
  };
  mailer: Pick<Mailer, 'send'>;
  config: Pick<AppConfig, 'timezone' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * 'Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF), Kürzel K1, Strecke 5910, km 1,0 – 20,0, Depot Würzburg'; a place's
 * 'Ortskunde Würzburg Hbf (NWH), …'.
 */
export function requirementLabel(requirement: Requirement): string {
  const { startStation: start, endStation: end } = requirement;
  return [
    stationsLabel(start, end),
    requirement.companyRoute ? `Kürzel ${requirement.companyRoute}` : '',
    requirement.section ? sectionLabel(requirement.section) : '',
    requirement.depot ? `Depot ${requirement.depot.name}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What the mail of a member who asked for `minDrivers` says: the requirements with fewer covering drivers than their
 * minimum — their own where they have one (issue 40), else `minDrivers` — (fewest first, then in the Betrieb's order),
 * the lapsing knowledge and the checks of the infrastructure knowledge that are due. Null when all are empty: then no
 * mail goes out.
 */
export function coverageAlert(coverage: BetriebCoverage, minDrivers: number) {
  const below = coverage.requirements
    .map((entry, order) => ({ ...entry, order }))
    .filter((entry) => entry.covered < requirementMinimum(entry.requirement, minDrivers))
    .sort((a, b) => a.covered - b.covered || a.order - b.order);
  if (below.length === 0 && coverage.lapsingTotal === 0 && coverage.dueChecks.length === 0) return null;
  return {
    below,
    lapsing: coverage.lapsing,
    moreLapsing: coverage.lapsingTotal - coverage.lapsing.length,
    dueChecks: coverage.dueChecks,
  };
}

/**
 * Sends every coverage mail that is due this ISO week (in `config.timezone`): to each opted-in admin or Disponent with
 * a verified address who has not had one this week, when their Betrieb has something to tell. Safe to run any number
 * of times, on any number of instances at once: each mail is claimed in coverage_alert_log before it is sent.
 */
export function dispatchCoverageAlerts(
  deps: CoverageAlertDeps,
  options: DispatchOptions = {},
): Promise<WeeklyMailResult> {
  return dispatchWeeklyMails(
    {
      what: 'coverage alert',
      timezone: deps.config.timezone,
      claims: deps.alerts,
      mailer: deps.mailer,
      log: deps.log,
      claimKey: (recipient) => recipient.membershipId,
      logFields: (recipient) => ({ membershipId: recipient.membershipId, betriebId: recipient.betriebId }),
      compose: (recipient, week) => alertMail(deps, recipient, week),
    },
    options,
  );
}

/** The mail due to `recipient` this week: null when it is out already or their Betrieb has nothing to tell. */
async function alertMail(deps: CoverageAlertDeps, recipient: AlertRecipient, { today, isoWeek }: RunWeek) {
  if (recipient.alerted) return null;
  const coverage = await deps.coverage.read(recipient.betriebId, recipient.userId, today, LAPSING_SHOWN);
  const alert = coverage && coverageAlert(coverage, recipient.minDrivers);
  if (!coverage || !alert) return null;
  const mail = coverageAlertMail({
    firstname: recipient.firstname,
    betrieb: recipient.betrieb,
    isoWeek,
    windowDays: COVERAGE_WINDOW_DAYS,
    until: coverage.until,
    minDrivers: recipient.minDrivers,
    below: alert.below.map(({ requirement, covered, drivers }) => ({
      requirement: requirementLabel(requirement),
      covered,
      drivers,
      own: requirement.minDrivers,
    })),
    lapsing: alert.lapsing.map((entry) => ({
      driver: entry.driver,
      requirement: requirementLabel(entry.requirement),
      validUntil: entry.validUntil,
      days: daysBetween(today, entry.validUntil),
    })),
    moreLapsing: alert.moreLapsing,
    dueChecks: alert.dueChecks.map(({ driver, label }) => ({ driver, label })),
    betriebUrl: `${deps.config.publicUrl}/betrieb/${recipient.betriebId}`,
  });
  return { to: recipient.email, ...mail };
}

/** This week's coverage mails that a crashed or absent instance left unsent, at start-up (see the weekly report's). */
export function catchUpCoverageAlerts(
  deps: CoverageAlertDeps,
  options: CatchUpOptions = {},
): CatchUp<WeeklyMailResult> {
  return catchUpWeekly(
    { what: 'coverage alert', timezone: deps.config.timezone, log: deps.log },
    (now) => dispatchCoverageAlerts(deps, { now }),
    options,
  );
}
