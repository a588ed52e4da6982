/**
 * Download tickets (issue 14, docs/decisions/security-server-hardening-download-tickets-full-disk.md "Download tickets"): a file link opens with a
 * single-use, short-lived ticket bound to the session that asked, never with the session token
 * in its URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addRole, addUser, testClock } from '../../users-helpers.ts';

const MIB = '/api/download/snmpMib/ACCUMETER-MIB.txt';
const EPICS = '/api/download/bacnetEpics/BACnet-EPICS.tpi';

describe('download tickets', () => {
  let m: TestModule;
  let admin: string;
  const { now, advance } = testClock();
  before(async () => ({ m, admin } = await startModuleWithUsers({ now })));
  after(() => m.close());

  const ticketFor = async (token: string, path: string) => {
    const res = await m.call('POST', '/api/downloadTicket', { token, body: { path } });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.data.expiresInSeconds, 30);
    return res.body.data.ticket as string;
  };
  const open = async (url: string) => (await m.app.inject({ method: 'GET', url })).statusCode;

  test('a ticket opens its file once', async () => {
    const ticket = await ticketFor(admin, MIB);
    const first = await m.app.inject({ method: 'GET', url: `${MIB}?ticket=${ticket}` });
    assert.equal(first.statusCode, 200);
    assert.match(first.body, /ACCUMETER-MIB DEFINITIONS/);
    assert.equal(await open(`${MIB}?ticket=${ticket}`), 401);
  });

  test('a ticket expires after 30 s', async () => {
    const late = await ticketFor(admin, MIB);
    const inTime = await ticketFor(admin, MIB);
    advance(29_000);
    assert.equal(await open(`${MIB}?ticket=${inTime}`), 200);
    advance(1_000);
    assert.equal(await open(`${MIB}?ticket=${late}`), 401);
  });

  test('a ticket opens only the path it was asked for, and a wrong try spends it', async () => {
    const ticket = await ticketFor(admin, MIB);
    assert.equal(await open(`${EPICS}?ticket=${ticket}`), 401);
    assert.equal(await open(`${MIB}?ticket=${ticket}`), 401);
  });

  test("a ticket is its user's: their rights, their session", async () => {
    await addRole(m, admin, 'meterOnly', 1, 2, 2, 2);
    await addUser(m, admin, 'reader', { accessLevel: 'meterOnly', multipleLogin: true });
    const reader = await m.login('reader', USER_PASSWORD);
    // The MIB needs view on configuration: reader's ticket carries reader's rights, not more.
    assert.equal(await open(`${MIB}?ticket=${await ticketFor(reader, MIB)}`), 403);
    // Signed out, the session's unused tickets are dead.
    const other = await m.login('reader', USER_PASSWORD);
    const orphan = await ticketFor(other, '/api/exportLog/none.zip');
    assert.equal((await m.call('POST', '/api/users/logout', { token: other, body: {} })).status, 200);
    assert.equal(await open(`/api/exportLog/none.zip?ticket=${orphan}`), 401);
    // Still signed in: the same kind of ticket reaches the handler (404: no such file), as reader.
    assert.equal(await open(`/api/exportLog/none.zip?ticket=${await ticketFor(reader, '/api/exportLog/none.zip')}`), 404);
  });

  test('tickets are for file downloads, for signed-in users', async () => {
    const refused = await m.call('POST', '/api/downloadTicket', { token: admin, body: { path: '/api/settings/passwordPolicy' } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, 'Not a file download');
    assert.equal((await m.call('POST', '/api/downloadTicket', { body: { path: MIB } })).status, 401);
    assert.equal((await m.call('POST', '/api/downloadTicket', { token: admin, body: { path: `${MIB}?x=1` } })).status, 400);
    const api = (await m.call('GET', '/api/command/getApiToken', { token: admin })).body.data.value as string;
    assert.equal((await m.call('POST', '/api/downloadTicket', { token: api, body: { path: '/api/exportLog/none.zip' } })).status, 403);
  });

  test('a session token in the query opens nothing; the machines’ API token still does (000 §7)', async () => {
    assert.equal(await open(`${MIB}?token=${admin}`), 401);
    assert.equal(await open(`/api/systemMode?token=${admin}`), 200);
    assert.equal(await open(`/api/command/homePageInfo?token=${admin}`), 401);
    const api = (await m.call('GET', '/api/command/getApiToken', { token: admin })).body.data.value as string;
    assert.equal(await open(`/api/readings/realtime/system?token=${api}`), 200);
  });
});
