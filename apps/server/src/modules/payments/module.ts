/**
 * Wires the payments module: the configured provider, the service with its ports onto the
 * orders, users and email modules' exported services, the API routes, the sandbox gateway's
 * pages, and the reconciliation worker.
 */
import { addWorker, type ModuleContext, type ServerModule } from '../../module-context.js';
import type { Tx } from '../../db/connect.js';
import { enqueueEmail } from '../email/outbox.js';
import { issueInvoice } from '../invoices/service.js';
import {
  findOrder,
  findOwnOrder,
  getOrder,
  recordOrderEvent,
  transitionOrderStatus,
} from '../orders/service.js';
import { profile } from '../users/service.js';
import { paymentBacklogs } from './backlogs.js';
import { paymentConfirmationEmail } from './confirmation-email.js';
import { moneyDeskRoutes } from './desk-routes.js';
import { returnRoutes } from './return-routes.js';
import { createReturnsService } from '../returns/service.js';
import { createRefundsService, type RefundsService } from './refunds.js';
import { createPhonePeProvider } from './phonepe-provider.js';
import type { PaymentProvider } from './provider.js';
import { paymentRoutes } from './routes.js';
import { fetchDelivery, sandboxGatewayRoutes, type CallbackDelivery } from './sandbox-gateway.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createPaymentsService, type PaymentsOptions, type PaymentsService } from './service.js';
import type { StatusCheckSchedule } from './status-schedule.js';
import { startReconciliation, type ReconciliationOptions } from './worker.js';

export interface PaymentsModuleOptions {
  /** How the sandbox gateway delivers its callbacks (tests deliver through inject). */
  deliverCallback?: CallbackDelivery;
  /** Replaces the configured provider (tests point PhonePe at a local fake). */
  provider?: PaymentProvider;
  reconciliation?: ReconciliationOptions;
  /** The status-check cadence (tests compress it). */
  schedule?: StatusCheckSchedule;
  /** The payments clock (default: the app's). */
  clock?: () => Date;
}

export function createPaymentProvider(context: ModuleContext): PaymentProvider {
  const { config, db } = context;
  if (config.payments.provider === 'phonepe') {
    const p = config.payments.phonepe;
    return createPhonePeProvider({
      clientId: p.clientId!,
      clientSecret: p.clientSecret!,
      clientVersion: p.clientVersion,
      authUrl: p.authUrl,
      apiUrl: p.apiUrl,
      webhookUsername: p.webhookUsername!,
      webhookPassword: p.webhookPassword!,
    });
  }
  return createSandboxProvider(db, config.payments.sandboxSecret);
}

export function createRefunds(
  context: Pick<ModuleContext, 'db' | 'config'>,
  provider: PaymentProvider,
  options: { log: PaymentsOptions['log']; clock?: () => Date },
): RefundsService {
  return createRefundsService(context.db, provider, {
    ...options,
    publicUrl: context.config.publicUrl,
    paymentWindowMs: context.config.payments.paymentWindowMs,
  });
}

export function createPayments(
  context: Pick<ModuleContext, 'db' | 'config' | 'taxSetup'>,
  provider: PaymentProvider,
  options: Omit<PaymentsOptions, 'publicUrl'>,
): PaymentsService {
  const { db, config, taxSetup } = context;
  return createPaymentsService(
    db,
    provider,
    {
      findOwnOrder,
      findOrder,
      transitionOrderStatus,
      recordOrderEvent,
      issueInvoice: (tx: Tx, orderId: string, at: Date) =>
        issueInvoice(tx, orderId, { at, log: options.log, taxSetup }),
      async notifyOrderPaid(tx: Tx, orderId: string, invoice) {
        const order = await findOrder(tx, orderId);
        if (!order) return;
        const buyer = await profile(tx, order.userId);
        const full = await getOrder(tx, order.userId, orderId);
        await enqueueEmail(tx, {
          kind: 'payment_confirmation',
          to: buyer.email,
          orderId,
          content: paymentConfirmationEmail({
            publicUrl: config.publicUrl,
            fullName: buyer.full_name,
            order: full,
            invoiceNumber: invoice?.number ?? null,
          }),
          attachments: invoice ? [{ taxDocumentId: invoice.id }] : undefined,
        });
      },
    },
    { ...options, publicUrl: config.publicUrl },
  );
}

export function paymentsModule(
  context: ModuleContext,
  options: PaymentsModuleOptions = {},
): ServerModule {
  const provider = options.provider ?? createPaymentProvider(context);
  return async (app) => {
    const clock = options.clock ?? context.now;
    const refunds = createRefunds(context, provider, { log: app.log, clock });
    const service = createPayments(context, provider, {
      log: app.log,
      clock,
      schedule: options.schedule,
      onRefundEvent: (merchantRefundId) => refunds.refreshRefund(merchantRefundId),
      onResult: (state, outcome) =>
        context.metrics.paymentResults.inc({ provider: provider.name, state, outcome }),
    });
    const backlogs = paymentBacklogs(
      context.db,
      clock,
      context.config.payments.paymentWindowMs,
      provider.name,
    );
    for (const [queue, probe] of Object.entries(backlogs)) context.metrics.addQueue(queue, probe);
    await app.register(paymentRoutes(service, provider, context.authenticate));
    await app.register(moneyDeskRoutes(context, refunds));
    // Returns refund through these refunds (issue 22, decision 061).
    await app.register(
      returnRoutes(
        context,
        createReturnsService(context.db, refunds, { publicUrl: context.config.publicUrl, clock }),
      ),
    );
    if (provider.name === 'phonepe') {
      // PhonePe sends the buyer back to the return URL given with each checkout, on PUBLIC_URL;
      // at another address their session is not there (the sandbox returns them to any address).
      app.addHook('onListen', async () => {
        app.log.info(
          `PhonePe returns buyers to ${context.config.publicUrl}: open the store at that address`,
        );
      });
    }
    if (provider.name === 'sandbox') {
      await app.register(
        sandboxGatewayRoutes(
          context.db,
          context.config.payments.sandboxSecret,
          options.deliverCallback ?? fetchDelivery,
        ),
      );
    }
    addWorker(app, context.config, () =>
      startReconciliation(
        {
          every: [() => service.reconcile(), () => refunds.reconcile()],
          expiry: () => refunds.expireUnpaidOrders(),
        },
        app.log,
        options.reconciliation,
      ),
    );
  };
}
