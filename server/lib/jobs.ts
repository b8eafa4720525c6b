import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * Durable background jobs in the shop's own database (pg-boss, decision 0023): on PostgreSQL they are shared
 * by every process of the shop, on PGlite they run in its one process. A job is a row: it survives a restart,
 * a failed one is tried again with a growing wait, and one whose process died is taken up by another after
 * its timeout.
 */

export interface QueueOptions {
  /** How many times a job is tried again after its first run failed (threw). */
  retryLimit: number;
  /** Seconds before the first retry, doubled for each further one (with up to as much again at random); 0: at once. */
  retryDelaySeconds: number;
  /** A job running longer is taken as lost (its process died, or it hangs) and tried again. */
  timeoutSeconds: number;
  /**
   * How long after a send this process's worker is woken for it (default: at once). A job sent while a request
   * is being answered (a paid order's e-mails and invoice) then runs after the answer has gone, instead of sharing
   * the process's CPU with it; any process's worker also finds it at its next look.
   */
  wakeAfterMs?: number;
}

export interface Queue<T extends object> {
  /** Adds a job; a worker of this process is woken at once, any other process finds it when it next looks. */
  send(data: T): Promise<void>;
}

export interface JobsOptions {
  /** How often the processes look for jobs whose process died (and clear finished ones), in seconds. */
  sweepSeconds: number;
  /**
   * How often an idle worker of a queue fed by send() looks for jobs it was not woken for, in seconds (at least
   * 0.5). Default 10 on PostgreSQL, 60 on PGlite (one process): a send wakes its own process's worker, a failed
   * job wakes it when its retry is due at the latest, and the sweep wakes every worker once it has handed back
   * the jobs of a process that died; the look is for what happened in another process (a retry it did not live
   * to wake for, a job sent by a process that died before its worker took it).
   */
  pollSeconds?: number;
  /**
   * The same for the scheduled queues (every()), whose jobs this process's own timers wake the worker for (each
   * period's start, the job at start): only a safety net, for a job another process offered and then died before
   * running. Default 60. Every worker's look is a query (30–50 ms of CPU on PGlite): eight queues looking every
   * 2 s kept an idle shop at 75–115 ms of CPU a second (decision 0058).
   */
  schedulePollSeconds?: number;
  /** How long stop() waits for running jobs before giving them back to the queue. */
  stopTimeoutMs?: number;
  log: (err: unknown, message: string) => void;
}

export interface Jobs {
  /** Declares a queue and the handler that runs its jobs (before start()). */
  queue<T extends object>(name: string, options: QueueOptions, handler: (data: T) => Promise<void>): Queue<T>;
  /**
   * Runs `handler` once every `seconds` across all the shop's processes: each process offers a job for every
   * period, and the database takes one per period (pg-boss's throttling on a time slot), which whichever
   * worker is free runs. `atStart` also offers one a few seconds after a process starts (a deploy),
   * taken once even when several processes start together.
   */
  every(
    name: string,
    seconds: number,
    handler: () => Promise<unknown>,
    options?: { atStartAfterSeconds?: number; timeoutSeconds?: number; offsetSeconds?: number },
  ): void;
  /** Installs the job tables (first start), creates the queues, and starts the workers and the schedules. */
  start(): Promise<void>;
  /** Stops taking jobs, lets the running ones finish (or gives them back after a while), and returns when idle. */
  stop(): Promise<void>;
  /** Jobs waiting or running, per queue (metrics, tests). */
  depth(): Promise<Record<string, number>>;
}

interface Declared {
  name: string;
  options: PgBoss.Queue;
  handler: (data: never) => Promise<unknown>;
  /** `offsetSeconds`: each period starts this far into the epoch's periods (a daily job at 21:00 UTC). */
  schedule?: { seconds: number; atStartAfterSeconds?: number; offsetSeconds?: number };
  workerId?: string;
}

const RESTART_MS = 10_000;

/** Job tables live in their own schema, apart from the shop's (drizzle's migrations never touch them). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Creates (or upgrades) the job tables without starting anything: pg-boss's own migrations, run under its
 * advisory lock, so that processes starting together install them once. The app does this itself on start;
 * test templates do it ahead.
 */
export async function installJobTables(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** PostgreSQL's codes for a statement that lost to another doing the same at once: a deadlock, a table or row just made. */
const LOST_TO_ANOTHER = new Set(['40P01', '40001', '23505', '42P07']);

/**
 * Runs a step that the processes of a deploy all take at once (each creates the same queues: pg-boss's queue and
 * its partition table) and that PostgreSQL may refuse one of them as a deadlock, or as a table another just made:
 * tried again after a few random milliseconds, when the other has finished (a queue that exists is then left as it
 * is), up to ten times.
 */
async function togetherSafe<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 10 || typeof code !== 'string' || !LOST_TO_ANOTHER.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 180));
    }
  }
}

export function createJobs(database: Database, options: JobsOptions): Jobs {
  const declared = new Map<string, Declared>();
  // Every query of the library is counted, so that stop() returns only when none is left to reach a closing database.
  const inFlight = new Set<Promise<unknown>>();
  const db: PgBoss.Db = {
    executeSql(text, values) {
      const run = database.executeSql(text, values);
      inFlight.add(run);
      void run.then(
        () => inFlight.delete(run),
        () => inFlight.delete(run),
      );
      return run;
    },
  };
  const newBoss = () => {
    const instance = new PgBoss({
      db,
      schema: JOBS_SCHEMA,
      // Cron is not used: schedules are throttled sends (every() below), which allow periods under a minute.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.sweepSeconds,
    });
    instance.on('error', (err) => options.log(err, 'the job queue failed to reach the database'));
    // The sweep has handed back the jobs of a process that died (those without a wait are due at once).
    instance.on('maintenance', () => {
      for (const q of declared.values()) if (!q.schedule && q.workerId && !stopping) instance.notifyWorker(q.workerId);
    });
    return instance;
  };
  let boss = newBoss();

  let stopping = false;
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let installed: Promise<void> | null = null;
  let started: Promise<void> | null = null;
  let retrying: Promise<void> | null = null;

  /** Creates the tables (pg-boss's own migrations, under its advisory lock) and the queues; idempotent. */
  function install(): Promise<void> {
    installed ??= (async () => {
      if (stopping) throw new Error('The job queue is stopped.');
      await boss.start();
      for (const q of declared.values()) {
        await togetherSafe(() => boss.createQueue(q.name, q.options));
        // A queue keeps the options it was created with: this start's settings (retry wait, timeout) win.
        await togetherSafe(() => boss.updateQueue(q.name, q.options));
      }
    })().catch((err: unknown) => {
      // A pg-boss whose start failed stays half started: the next try begins with a fresh one.
      installed = null;
      boss = newBoss();
      throw err;
    });
    return installed;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  }

  async function offer(q: Declared, seconds: number) {
    try {
      await boss.send(q.name, {}, { singletonKey: 'tick', singletonSeconds: seconds });
      if (q.workerId) boss.notifyWorker(q.workerId);
    } catch (err) {
      options.log(err, `scheduling the job ${q.name} failed`);
    }
  }

  /** Wakes the queue's worker of this process after `ms`, unless the shop is stopping by then. */
  function wakeLater(q: Declared, ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (q.workerId && !stopping) boss.notifyWorker(q.workerId);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** A timer at every period's start (plus a little, so that clocks a few ms apart agree on the slot). */
  function scheduleTicks(q: Declared, seconds: number, offsetSeconds = 0) {
    const arm = () => {
      const period = seconds * 1000;
      const wait = period - ((Date.now() - offsetSeconds * 1000) % period) + 50 + Math.floor(Math.random() * 200);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopping) return;
        void offer(q, seconds);
        arm();
      }, wait);
      timer.unref();
      timers.add(timer);
    };
    arm();
  }

  /**
   * Installs, then starts a worker per queue and the schedules. A database that cannot be reached does not
   * stop the app from starting (its requests answer 503 meanwhile): the jobs start when it is back.
   */
  async function begin(): Promise<void> {
    try {
      await install();
    } catch (err) {
      options.log(err, 'the job queue could not start; trying again in 10 seconds');
      if (stopping) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) retrying = begin().catch((err: unknown) => options.log(err, 'the job workers could not start'));
      }, RESTART_MS);
      timer.unref();
      timers.add(timer);
      return;
    }
    for (const q of declared.values()) {
      if (stopping) return;
      // On PGlite the shop is one process: whatever makes a job due happened here and woke its worker, so the
      // worker's own look is only a safety net, as for the scheduled queues.
      const pollingIntervalSeconds = q.schedule
        ? (options.schedulePollSeconds ?? 60)
        : (options.pollSeconds ?? (database.engine === 'pglite' ? 60 : 10));
      q.workerId = await boss.work<object>(q.name, { pollingIntervalSeconds, includeMetadata: true }, ([job]) => {
        // A job fetched while stopping goes back to the queue at once (another process, or the next start).
        if (stopping || !job) throw new Error('The shop is stopping; the job will run again.');
        // pg-boss waits a whole polling interval after every job it ran: a worker that found one looks again at
        // once instead, so that a rush's backlog (200 paid orders' e-mails) drains at the speed of its jobs, not
        // one job per interval. It rests for the interval only when it finds nothing.
        const wake = () => {
          if (q.workerId && !stopping) boss.notifyWorker(q.workerId);
        };
        return track(q.handler(job.data as never)).then(wake, (err: unknown) => {
          // pg-boss writes the failure once this rejects, without waiting for it: the worker looks again when
          // that write is done (it is among the queries in flight by the next turn of the event loop), so that
          // the look finds a retry without a wait due instead of resting a whole interval.
          setImmediate(() => void Promise.allSettled([...inFlight]).then(wake));
          // A retry with a wait comes due d·2^n to d·2^(n+1) seconds later for its n-th retry with a growing
          // wait (pg-boss picks the point at random), d without: its worker is woken at the latest point.
          if (job.retryCount < job.retryLimit) {
            const seconds = job.retryBackoff ? job.retryDelay * 2 ** Math.min(16, job.retryCount + 1) : job.retryDelay;
            if (seconds > 0) wakeLater(q, seconds * 1000 + 100);
          }
          throw err;
        });
      });
      if (!q.schedule) continue;
      if (q.schedule.atStartAfterSeconds !== undefined) {
        await boss
          .send(q.name, {}, { singletonKey: 'start', startAfter: q.schedule.atStartAfterSeconds })
          .catch((err: unknown) => options.log(err, `scheduling the job ${q.name} failed`));
        // Its worker is woken when the job comes due (taken once, whichever process started first).
        wakeLater(q, q.schedule.atStartAfterSeconds * 1000 + 100);
      }
      scheduleTicks(q, q.schedule.seconds, q.schedule.offsetSeconds);
    }
  }

  return {
    queue<T extends object>(name: string, queueOptions: QueueOptions, handler: (data: T) => Promise<void>): Queue<T> {
      const q: Declared = {
        name,
        options: {
          name,
          policy: 'standard',
          retryLimit: queueOptions.retryLimit,
          retryDelay: queueOptions.retryDelaySeconds,
          retryBackoff: queueOptions.retryDelaySeconds > 0,
          expireInSeconds: queueOptions.timeoutSeconds,
        },
        handler,
      };
      declared.set(name, q);
      return {
        async send(data) {
          await install();
          await boss.send(name, data);
          if (queueOptions.wakeAfterMs) wakeLater(q, queueOptions.wakeAfterMs);
          else if (q.workerId && !stopping) boss.notifyWorker(q.workerId);
        },
      };
    },

    every(name, seconds, handler, scheduleOptions = {}) {
      declared.set(name, {
        name,
        // One waiting job per key at a time: a period whose job has not run yet is not queued twice.
        options: { name, policy: 'short', retryLimit: 0, expireInSeconds: scheduleOptions.timeoutSeconds ?? 15 * 60 },
        handler,
        schedule: { seconds, atStartAfterSeconds: scheduleOptions.atStartAfterSeconds, offsetSeconds: scheduleOptions.offsetSeconds },
      });
    },

    start() {
      started ??= begin().catch((err: unknown) => options.log(err, 'the job workers could not start'));
      return started;
    },

    async stop() {
      stopping = true;
      await started;
      await retrying;
      if (installed) {
        await installed.catch(() => {});
        await boss
          .stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs ?? 30_000 })
          .catch((err: unknown) => options.log(err, 'stopping the job workers failed'));
      }
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // pg-boss marks a job done or failed without waiting for that query; a worker may also be mid-fetch.
      while (inFlight.size > 0 || running.size > 0) {
        await Promise.allSettled([...inFlight, ...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    async depth() {
      await install();
      const { rows } = await database.executeSql(
        `SELECT name, count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE state < 'completed' GROUP BY name`,
        [],
      );
      return Object.fromEntries(rows.map((r) => [String(r.name), Number(r.n)]));
    },
  };
}
