/**
 * The app factory (fastify/demo layout): external plugins first, then our
 * own plugins (error handling, request checks, authentication), then the
 * routes, then the SPA. server.ts starts it; tests build it and use inject.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { inProcessLocksOf, type Locks } from './db/locks.ts';
import type { GameProviders } from './games/provider.ts';
import { builtInProviders } from './games/registry.ts';
import { databaseLimitStore } from './limits/database-store.ts';
import { Limits } from './limits/limits.ts';
import { limitKeyPrefix, redisLimitStore } from './limits/redis-store.ts';
import type { LimitStore } from './limits/store.ts';
import { authentication } from './plugins/authentication.ts';
import { errorHandling, frameworkErrors } from './plugins/errors.ts';
import { requireRequestedWith } from './plugins/requested-with.ts';
import { noStoreApiAnswers, securityHeaders } from './plugins/security-headers.ts';
import { spa } from './plugins/spa.ts';
import { terminatedService } from './plugins/terminated.ts';
import { attachRealtime } from './chat/realtime.ts';
import { watchCommits } from './ledger/commit-news.ts';
import { walletNewsTeller } from './money/wallet-news.ts';
import { oncePerInterval } from './job-locks.ts';
import { intervalTicker, serverJobs, startJobs, type Job, type RunningJobs, type Ticker } from './jobs.ts';
import { JSON_BODY_LIMIT_BYTES, READY_CHECK_TIMEOUT_MS } from './policy.ts';
import { httpMetrics } from './operating/http-metrics.ts';
import { readiness as readinessOf, type Readiness } from './operating/readiness.ts';
import { requestIds } from './operating/request-id.ts';
import { operatingRoutes } from './routes/operating.ts';
import { limitConnections, serverTimeouts, type ConnectionLimits } from './connections.ts';
import { LocalFileStorage } from './storage/local.ts';
import type { FileStorage } from './storage/storage.ts';
import { accountRoutes } from './routes/account.ts';
import { adjustmentRoutes } from './routes/adjustments.ts';
import { auditRoutes } from './routes/audit.ts';
import { operatorOpsRoutes } from './routes/operators-ops.ts';
import { dashboardOpsRoutes } from './routes/dashboard-ops.ts';
import { approvalRoutes } from './routes/approvals.ts';
import { balanceRoutes } from './routes/balance.ts';
import { bonusRoutes } from './routes/bonus.ts';
import { inviteRoutes } from './routes/invite.ts';
import { refundRoutes } from './routes/refund.ts';
import { rewardOpsRoutes } from './routes/rewards-ops.ts';
import { spinWheelRoutes } from './routes/spinwheel.ts';
import { depositRoutes } from './routes/deposits.ts';
import { gameRoutes } from './routes/games.ts';
import { gameOpsRoutes } from './routes/games-ops.ts';
import { hub88WalletRoutes } from './routes/hub88.ts';
import { simulatedTrueMoney, type VoucherProvider } from './payments/truemoney.ts';
import { hookRoutes, simulatorRoutes } from './routes/hooks.ts';
import { idempotencyRoutes } from './routes/idempotency.ts';
import { lookupRoutes } from './routes/lookup.ts';
import { memberOpsRoutes } from './routes/members-ops.ts';
import { otpRoutes } from './routes/otp.ts';
import { paymentOpsRoutes } from './routes/payments-ops.ts';
import { promotionOpsRoutes } from './routes/promotions-ops.ts';
import { registrationRoutes } from './routes/registration.ts';
import { sessionRoutes } from './routes/session.ts';
import { slipRoutes } from './routes/slips.ts';
import { chatRoutes } from './routes/chat.ts';
import { chatOpsRoutes } from './routes/chat-ops.ts';
import { fileRoutes } from './routes/files.ts';
import { serviceOpsRoutes } from './routes/service-ops.ts';
import { statementRoutes } from './routes/statement.ts';
import { transferRoutes } from './routes/transfers.ts';
import { withdrawalRoutes } from './routes/withdrawals.ts';
import { opnClient, type OpnClient } from './payments/opn.ts';
import { createSlipVerifier } from './slips/from-config.ts';
import type { SlipVerifier } from './slips/verifier.ts';
import { createSmsSender } from './sms/from-config.ts';
import type { SmsSender } from './sms/sms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    sms: SmsSender;
    /** Checks new bank slips with the bank (slips/verifier.ts); null: operators check every slip. */
    slipVerifier: SlipVerifier | null;
    clock: Clock;
    /** Game providers by name (games.provider). */
    games: GameProviders;
    /** Rate limits (limits/limits.ts). */
    limits: Limits;
    /** The mobile-wallet voucher provider; null: none, and POST /api/wallet/truelink does not exist. */
    vouchers: VoucherProvider | null;
    /** Where uploads live (slips, chat media): the one storage every route and the chat's cleanup use. */
    uploads: FileStorage;
    /** Opn Payments, whose PromptPay charges are the KBANK QRs (PAYMENT_PROVIDER=opn); null otherwise. */
    opn: OpnClient | null;
    /** The HTTP server's connection caps (connections.ts). */
    connections: ConnectionLimits;
    /** What GET /readyz answers; server.ts turns it to shutting down on SIGTERM (operating/readiness.ts). */
    readiness: Readiness;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** Defaults to the adapter config.smsProvider names, logging through the app. */
  sms?: SmsSender;
  /** Defaults to the verifier config.slipVerifier names; tests pass one against a local fake. */
  slipVerifier?: SlipVerifier | null;
  clock?: Clock;
  /** Defaults to the built-in providers; tests pass their own (a provider that fails on demand). */
  games?: GameProviders;
  /**
   * The mobile-wallet voucher provider. Defaults to the built-in simulator in
   * demo mode and to none in production (the simulator is the only one so
   * far); a real TrueMoney adapter is another VoucherProvider passed here.
   */
  vouchers?: VoucherProvider | null;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Where rate-limit state lives; defaults to Redis with config.redisUrl, else the database. The app closes it. */
  limitStore?: LimitStore;
  /** Where uploads live; defaults to the folder DATA_DIR/uploads. */
  uploads?: FileStorage;
  /** What ticks the background jobs (jobs.ts); defaults to Node's timers, tests tick by hand. */
  jobTicker?: Ticker;
  /** Defaults to Opn's client when config.opn is set; tests pass one that does not wait between retries. */
  opn?: OpnClient | null;
  /**
   * The database's locks (Database.locks), which keep each job to one run per interval across
   * processes (0150); by default held in this process only, enough for one process on a database.
   */
  locks?: Locks;
}

export async function buildApp({ config, db, sms, slipVerifier, clock = systemClock, games, vouchers, logStream, limitStore, uploads, jobTicker = intervalTicker, opn, locks = inProcessLocksOf(db) }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // Behind a proxy the client's address (per-address limits) and https (Secure cookies) come from its headers.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // A trusted proxy's X-Request-Id when well formed, else our own (operating/request-id.ts); never a client's.
    genReqId: requestIds(config.trustProxy),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // No automatic HEAD beside each GET: a HEAD would run the GET's handler, and some GETs move money
    // (GET /api/invite/bonus, /api/refund/receive). The SPA's files declare HEAD themselves (@fastify/static).
    exposeHeadRoutes: false,
    frameworkErrors,
    // Idle, trickling and half-sent connections are closed within seconds (connections.ts).
    ...serverTimeouts(),
  });
  // Before the chat's sockets, which take their share of this cap.
  app.decorate('connections', limitConnections(app.server, config));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('games', games ?? builtInProviders(config, { clock, log: app.log }));
  app.decorate('sms', sms ?? createSmsSender(config, app.log));
  app.decorate('slipVerifier', slipVerifier !== undefined ? slipVerifier : createSlipVerifier(config, app.log));
  app.decorate('vouchers', vouchers !== undefined ? vouchers : config.production ? null : simulatedTrueMoney(config.paymentWebhookSecret));
  app.decorate('uploads', uploads ?? new LocalFileStorage(path.join(config.dataDir, 'uploads')));
  app.decorate('opn', opn !== undefined ? opn : config.opn ? opnClient({ ...config.opn, clock, log: app.log }) : null);
  const store = limitStore ?? (config.redisUrl ? redisLimitStore(config.redisUrl, limitKeyPrefix(config.chatPrefix)) : databaseLimitStore(db));
  app.decorate('limits', new Limits(store, config.limits));
  // socket.io on this app's HTTP server (it exists before listen); the chat's HTTP side tells sockets through its hub.
  const realtime = attachRealtime(app);
  app.decorate('chatHub', realtime.hub);
  app.decorate('chatSockets', realtime);
  app.decorate('readiness', readinessOf({ db, redisUrl: config.redisUrl, timeoutMs: READY_CHECK_TIMEOUT_MS, log: app.log }));
  httpMetrics(app, {
    openSockets: () => realtime.io.of('/').sockets.size,
    openConnections: () => new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count))),
  });
  const { metrics } = app;
  // After each commit that moved a member's money, their sockets hear of it (docs/decisions/0141-wallet-news.md).
  const unwatchCommits = watchCommits(db, walletNewsTeller({ db, hub: { toMember: (...told) => app.chatHub.toMember(...told) }, clock, log: app.log }));
  // Before the HTTP server closes: an open websocket would hold its close.
  app.addHook('preClose', () => {
    unwatchCommits();
    return realtime.close();
  });
  let jobs: RunningJobs | null = null;
  app.addHook('onReady', async () => {
    const gameSyncs = [...app.games.values()].flatMap((provider) => (provider.syncGames ? [() => provider.syncGames!(db, app.log)] : []));
    // Each job once per interval across every process on this database (job-locks.ts, 0150); the
    // metrics count the runs that happened, not the ticks that found the job done or held.
    const all = serverJobs({ db, limitStore: store, uploads: app.uploads, variant: config.variant, gameSyncs, opn: app.opn && { client: app.opn, log: app.log } });
    jobs = startJobs(
      all.map((job) => oncePerInterval(counted(job), { db, locks, clock })),
      { ticker: jobTicker, clock, log: app.log },
    );
  });
  /** A job whose runs and failures the metrics count; the run itself, and what startJobs does with it, unchanged. */
  const counted = (job: Job): Job => ({
    ...job,
    run: (now) =>
      Promise.resolve()
        .then(() => job.run(now))
        .then(
        (result) => {
          metrics.jobRan(job.name, false);
          return result;
        },
        (error: unknown) => {
          metrics.jobRan(job.name, true);
          throw error;
        },
      ),
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await Promise.all([store.close(), app.readiness.close()]);
  });

  // The API speaks JSON only; any other body is refused with 415 (KEY_INVALID).
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Headers on every answer.
  // An aggregator's game art lives on its servers (https), or on the local fake's address.
  securityHeaders(app, config.hub88 ? ['https:', new URL(config.hub88.apiUrl).origin] : []);
  noStoreApiAnswers(app);

  // App plugins.
  errorHandling(app);
  terminatedService(app);
  requireRequestedWith(app);
  authentication(app);

  // Routes.
  await app.register(operatingRoutes);
  await app.register(lookupRoutes);
  await app.register(sessionRoutes);
  await app.register(otpRoutes);
  await app.register(registrationRoutes);
  await app.register(accountRoutes);
  await app.register(gameRoutes);
  await app.register(gameOpsRoutes);
  await app.register(balanceRoutes);
  await app.register(transferRoutes);
  await app.register(withdrawalRoutes);
  await app.register(idempotencyRoutes);
  await app.register(approvalRoutes);
  await app.register(adjustmentRoutes);
  await app.register(auditRoutes);
  await app.register(operatorOpsRoutes);
  await app.register(dashboardOpsRoutes);
  await app.register(serviceOpsRoutes);
  await app.register(bonusRoutes);
  await app.register(inviteRoutes);
  await app.register(refundRoutes);
  await app.register(spinWheelRoutes);
  await app.register(rewardOpsRoutes);
  await app.register(statementRoutes);
  await app.register(memberOpsRoutes);
  await app.register(depositRoutes);
  await app.register(hookRoutes);
  // Hub88's Wallet API, only with GAME_AGGREGATOR=hub88 (the plugin registers nothing otherwise).
  await app.register(hub88WalletRoutes);
  // The simulators answer only in demo mode: in production their routes do not exist (404).
  if (!config.production) await app.register(simulatorRoutes);
  await app.register(paymentOpsRoutes);
  await app.register(promotionOpsRoutes);
  await app.register(slipRoutes);
  await app.register(chatRoutes);
  await app.register(chatOpsRoutes);
  await app.register(fileRoutes);

  await spa(app, config.distDir);
  return app;
}
