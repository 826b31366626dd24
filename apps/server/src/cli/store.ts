/**
 * Operator commands (docs/product-decisions.md #7), until an operator console exists:
 *
 *   npm run store -- order:ship <mkpOrderId> --carrier <name> --tracking <number>
 *   npm run store -- order:deliver <mkpOrderId>
 *
 * Ship needs a paid order (PD), deliver a shipped one (SHIPPED); anything else is refused with
 * the reason and exit code 1 (2 for a usage error). Each change is recorded in the order's
 * history with cause 'operator'.
 *
 * Where it acts: with DATABASE_URL (PostgreSQL) on the database directly. With PGlite the data
 * directory belongs to one process, so if the server is running on this configuration's port
 * the command goes through its operator API (operator.ts); only when nothing answers does the
 * CLI open the data directory itself.
 */
import { parseArgs } from 'node:util';
import type { OperatorOrderResponse } from '@storefront/shared/orders';
import { OrderShipBody } from '@storefront/shared/orders';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { AppError } from '../lib/errors.js';
import { operatorToken } from '../modules/orders/operator.js';
import { deliverOrder, shipOrder } from '../modules/orders/service.js';

const USAGE = `usage:
  npm run store -- order:ship <mkpOrderId> --carrier <name> --tracking <number>
  npm run store -- order:deliver <mkpOrderId>`;

type Command =
  | { name: 'ship'; mkpOrderId: string; shipment: { carrier: string; trackingNumber: string } }
  | { name: 'deliver'; mkpOrderId: string };

class Refused extends Error {}

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

function parseCommand(): Command {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { carrier: { type: 'string' }, tracking: { type: 'string' } },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [name, mkpOrderId, ...extra] = positionals;
  if (!mkpOrderId || extra.length) usage('Give one command and one order number.');
  if (name === 'order:ship') {
    const shipment = OrderShipBody.safeParse({
      carrier: values.carrier ?? '',
      trackingNumber: values.tracking ?? '',
    });
    if (!shipment.success) usage(shipment.error.issues.map((i) => i.message).join('; '));
    return { name: 'ship', mkpOrderId, shipment: shipment.data };
  }
  if (name === 'order:deliver') {
    if (values.carrier !== undefined || values.tracking !== undefined)
      usage('order:deliver takes no --carrier or --tracking.');
    return { name: 'deliver', mkpOrderId };
  }
  usage(`Unknown command ${name ?? '(none)'}.`);
}

/** The running server's answer, or undefined when nothing listens on the configured port. */
async function viaServer(
  config: Config,
  command: Command,
): Promise<OperatorOrderResponse | undefined> {
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/operator/orders/${encodeURIComponent(command.mkpOrderId)}/${command.name}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${operatorToken(config.jwtSecret)}`,
        ...(command.name === 'ship' ? { 'content-type': 'application/json' } : {}),
      },
      body: command.name === 'ship' ? JSON.stringify(command.shipment) : undefined,
    });
  } catch {
    return undefined;
  }
  const body = (await response.json().catch(() => ({}))) as Partial<OperatorOrderResponse> & {
    detail?: string;
  };
  if (!response.ok || !body.mkpOrderId || !body.pStatus)
    throw new Refused(body.detail ?? `The server answered ${response.status}`);
  return { mkpOrderId: body.mkpOrderId, pStatus: body.pStatus };
}

async function direct(config: Config, command: Command): Promise<OperatorOrderResponse> {
  const database = await connectDatabase(config);
  try {
    await database.migrate();
    return command.name === 'ship'
      ? await shipOrder(database.db, command.mkpOrderId, command.shipment)
      : await deliverOrder(database.db, command.mkpOrderId);
  } catch (error) {
    if (error instanceof AppError) throw new Refused(error.detail);
    throw error;
  } finally {
    await database.close();
  }
}

const command = parseCommand();
const config = loadConfig();
try {
  const result =
    (config.databaseUrl ? undefined : await viaServer(config, command)) ??
    (await direct(config, command));
  console.log(
    command.name === 'ship'
      ? `Order ${result.mkpOrderId} is now ${result.pStatus} (carrier ${command.shipment.carrier}, tracking ${command.shipment.trackingNumber}).`
      : `Order ${result.mkpOrderId} is now ${result.pStatus}.`,
  );
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`Refused: ${error.message}`);
  process.exitCode = 1;
}
