/**
 * The operator channel (issue 19, decision 043): while the server runs, the `store` CLI reaches
 * it through a Unix socket in DATA_DIR that only the machine's operator can open, and acts as
 * the named member.
 */
import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSocketPath, startOperatorChannel } from './operator-channel.js';
import { buildTestApp, type TestApp } from './test/app.js';
import { createStaff, type TestStaff } from './test/staff.js';
import { runStore } from './test/store-cli.js';

let t: TestApp;
let channel: FastifyInstance;
let owner: TestStaff;
beforeAll(async () => {
  t = await buildTestApp();
  channel = await startOperatorChannel(t.database, t.config, () => new Date());
  owner = await createStaff(t, 'owner');
});
afterAll(async () => {
  await channel.close();
  await t.close();
});

/** `npm run store -- …args` on this server's DATA_DIR, with no DATABASE_URL (PGlite's way). */
const store = (...args: string[]) =>
  runStore({ DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl }, args);

describe('the operator channel', () => {
  it('is a socket only its owner may open', () => {
    const socket = statSync(operatorSocketPath(t.config.dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('carries the CLI’s commands to the running server, as the named member', async () => {
    const invited = await store(
      'staff:invite',
      'desk@shop.example.in',
      '--role',
      'fulfilment',
      '--as',
      owner.email,
    );
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toContain(`${t.config.publicUrl}/admin/setup#`);
    const listed = await t.database.db.query.staffInvitations.findFirst({
      where: (invitation, { eq }) => eq(invitation.email, 'desk@shop.example.in'),
    });
    expect(listed).toMatchObject({ role: 'fulfilment', invitedBy: owner.id });

    const refused = await store('order:deliver', 'MKP-20260101-NOPE00', '--as', owner.email);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Refused: No order MKP-20260101-NOPE00\n',
    });
    const unnamed = await store('order:deliver', 'MKP-20260101-NOPE00');
    expect(unnamed.stderr).toBe('Refused: Name the staff member you act as: --as <email>.\n');
  });
});
