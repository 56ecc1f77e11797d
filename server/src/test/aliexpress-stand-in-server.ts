import {
  type AliExpressStandIn,
  type StandInControlRequest,
  startAliExpressStandIn,
} from '../modules/marketplace/aliexpress-stand-in.ts';
import { answerDispute } from '../modules/marketplace/supplier-disputes.ts';
import {
  applySupplierOrderChange,
  describeSupplierOrderBook,
  resetSupplierOrderBook,
  type SupplierOrderChange,
} from '../modules/marketplace/supplier-orders.ts';
import {
  applyScenarioChange,
  describeSupplierScenario,
  resetSupplierScenario,
  type ScenarioChange,
} from '../modules/marketplace/supplier-scenario.ts';

// The journeys' AliExpress Open Platform (playwright.config.ts): the admin-app shop's API calls its /sync gateway as
// it would call api-sg.aliexpress.com, and a journey changes what the suppliers answer, and reads the calls the shop
// made, through the JSON control API under /control/:
//   POST /control/scenario  one change or { changes: [...] } (supplier-scenario.ts ScenarioChange): stock, price,
//                           remove_sku, restore_sku, lapse_link (now or `on` a date), renew_link, stop_delivery,
//                           resume_delivery, promise_days (days: 0 makes a parcel overdue once ordered)
//   GET  /control/scenario  what is changed now
//   GET  /control/calls     the calls received, oldest first (`?method=aliexpress.ds.order.create` keeps those)
//   POST /control/reset     back to the catalogue as captured, no calls
// Parameters of a call are as sent; the order call's `param_place_order_request4_open_api_d_t_o` is JSON text.

const port = Number(process.env.AE_STAND_IN_PORT ?? 5192);
const credentials = {
  appKey: process.env.AE_APP_KEY ?? 'shop-e2e-app-key',
  appSecret: process.env.AE_APP_SECRET ?? 'shop-e2e-app-secret',
  accessToken: process.env.AE_ACCESS_TOKEN ?? 'shop-e2e-access-token',
};

type ControlAnswer = { status: number; body: unknown };
type Route = (request: StandInControlRequest, standIn: AliExpressStandIn) => ControlAnswer;

const ok = (body: unknown = { ok: true }): ControlAnswer => ({ status: 200, body });
const refused = (error: string): ControlAnswer => ({ status: 400, body: { error } });

// ---------------------------------------------------------------- the suppliers' catalogue (stock, price, links)

const scenarioRoutes: Record<string, Route> = {
  'POST scenario': (request, standIn) => {
    const body = request.body as { changes?: unknown } | undefined;
    if (body === undefined || body === null || typeof body !== 'object')
      return refused('Send a change as JSON.');
    const changes = (Array.isArray(body.changes) ? body.changes : [body]) as ScenarioChange[];
    for (const change of changes) {
      const problem = applyScenarioChange(standIn.scenario, change);
      if (problem) return refused(problem);
    }
    return ok(describeSupplierScenario(standIn.scenario));
  },
  'GET scenario': (_request, standIn) => ok(describeSupplierScenario(standIn.scenario)),
};

// ---------------------------------------------------------------- supplier orders: tracking progress and failures
// (forwarding's controls go here)

//   POST /control/orders    one change or { changes: [...] } (supplier-orders.ts SupplierOrderChange):
//                           hold_shipments, ship (orderId, trackingNumber?, carrier?), event (orderId,
//                           description, time?), deliver (orderId), fail_next (failure: sku_changed, out_of_stock,
//                           cannot_ship, link_expired, address_rejected, payment_failed)
//   GET  /control/orders    the supplier orders kept and what is set to fail next

const orderRoutes: Record<string, Route> = {
  'POST orders': (request, standIn) => {
    const body = request.body as { changes?: unknown } | undefined;
    if (body === undefined || body === null || typeof body !== 'object')
      return refused('Send a change as JSON.');
    const changes = (Array.isArray(body.changes) ? body.changes : [body]) as SupplierOrderChange[];
    for (const change of changes) {
      const problem = applySupplierOrderChange(standIn.supplierOrders, change, new Date());
      if (problem) return refused(problem);
    }
    return ok(describeSupplierOrderBook(standIn.supplierOrders));
  },
  'GET orders': (_request, standIn) => ok(describeSupplierOrderBook(standIn.supplierOrders)),
};

// ---------------------------------------------------------------- disputes: the supplier's answers
// (claims' controls go here)

//   POST /control/disputes  { disputeId? | orderId?, status: open|accepted|refused|closed, answer? }: the supplier's
//                           answer to a dispute, named by its id or by its supplier order (the one not closed)
//   GET  /control/disputes  the disputes opened, with what the buyer said and the supplier's answer

const disputeRoutes: Record<string, Route> = {
  'POST disputes': (request, standIn) => {
    const body = (request.body ?? {}) as {
      disputeId?: unknown;
      orderId?: unknown;
      status?: unknown;
      answer?: unknown;
    };
    const statuses = ['open', 'accepted', 'refused', 'closed'] as const;
    const status = statuses.find((known) => known === body.status);
    if (!status) return refused(`status must be one of ${statuses.join(', ')}.`);
    const kept = [...standIn.disputes.disputes.values()];
    const target =
      typeof body.disputeId === 'string'
        ? standIn.disputes.disputes.get(body.disputeId)
        : kept.find((dispute) => dispute.request.orderId === body.orderId && dispute.status !== 'closed');
    if (!target) return refused('No such dispute.');
    answerDispute(standIn.disputes, target.disputeId, {
      status,
      answer: typeof body.answer === 'string' ? body.answer : null,
    });
    return ok(standIn.disputes.disputes.get(target.disputeId));
  },
  'GET disputes': (_request, standIn) => ok([...standIn.disputes.disputes.values()]),
};

// ---------------------------------------------------------------- calls and reset

const generalRoutes: Record<string, Route> = {
  'GET calls': (request, standIn) => {
    const method = request.query.get('method');
    return ok(method ? standIn.calls.filter((call) => call.method === method) : standIn.calls);
  },
  'POST reset': (_request, standIn) => {
    resetSupplierScenario(standIn.scenario);
    standIn.calls.length = 0;
    standIn.awaitingShipment.clear();
    resetSupplierOrderBook(standIn.supplierOrders);
    standIn.disputes.disputes.clear();
    return ok();
  },
};

const routes: Record<string, Route> = {
  ...scenarioRoutes,
  ...orderRoutes,
  ...disputeRoutes,
  ...generalRoutes,
};

let running: AliExpressStandIn | null = null;
running = await startAliExpressStandIn(credentials, {
  port,
  // The shop's API serves the catalogue's pictures; its journeys reach it as localhost:3000.
  publicUrl: process.env.AE_STAND_IN_PUBLIC_URL ?? 'http://localhost:3000',
  now: () => new Date(),
  control: async (request) => {
    const route = routes[`${request.method} ${request.path}`];
    if (!route || !running)
      return { status: 404, body: { error: `No control ${request.method} /${request.path}` } };
    return route(request, running);
  },
});
console.log(`AliExpress stand-in listening on ${running.url}, controls at http://127.0.0.1:${port}/control/`);
