// OAuth 2 for Try it out as the extension host runs it, against a loopback token endpoint this test
// starts: the exact token requests (fields, client authentication), the answers the dialog shows,
// PKCE, and the loopback redirect listener.
import assert from 'node:assert/strict';
import { createHash } from 'crypto';
import * as http from 'http';
import { AddressInfo } from 'net';
import { after, before, describe, it } from 'node:test';
import {
  authorizationUrlOf, authorizeWithCode, isDeclaredOAuthUrl, LoopbackRedirect, OAuthGrant, pkceChallenge, pkcePair, requestToken,
} from '../../../client/src/try-it/oauth';
import { TryError } from '../../../client/src/try-it/request-runner';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

describe('Try it out: OAuth 2 token requests from the extension host', () => {
  let server: http.Server;
  let base: string;
  const received: Received[] = [];
  /** The code the fake authorization server issues, and the verifier it was issued for. */
  const issued = new Map<string, string>();

  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://x');
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        received.push({ url: req.url!, headers: req.headers, form });
        const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (url.pathname === '/authorize') {
          // The authorization server: issues a code bound to the challenge, and redirects to the client.
          const code = `code-${issued.size + 1}`;
          issued.set(code, url.searchParams.get('code_challenge')!);
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('code', code);
          back.searchParams.set('state', url.searchParams.get('state')!);
          res.writeHead(302, { Location: back.toString() }).end();
        } else if (url.pathname === '/token') {
          const grant = form.get('grant_type');
          if (grant === 'authorization_code') {
            const challenge = issued.get(form.get('code') ?? '');
            if (!challenge || pkceChallenge(form.get('code_verifier') ?? '') !== challenge) { json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' }); return; }
            { json(200, { access_token: `from-${form.get('code')}`, token_type: 'bearer' }); return; }
          }
          if (grant === 'password' && form.get('password') !== 'hunter2') { json(400, { error: 'invalid_grant', error_description: 'Bad credentials' }); return; }
          { json(200, { access_token: `tok-${grant}`, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') }); return; }
        } else if (url.pathname === '/html') {
          res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' }).end('<h1>proxy</h1>');
        } else if (url.pathname === '/no-token') json(200, { token_type: 'Bearer' });
        else json(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const grant = (over: Partial<OAuthGrant>): OAuthGrant => ({
    scheme: 'oauth', flow: 'clientCredentials', tokenUrl: `${base}/token`, scopes: ['read:pets', 'write:pets'], clientId: 'my app', clientSecret: 's3:cr et', ...over,
  });

  it('client credentials: posts grant_type and scope, authenticates the client with HTTP basic, returns the token', async () => {
    const token = await requestToken(grant({}));
    assert.deepEqual(token, { access_token: 'tok-client_credentials', token_type: 'Bearer', expires_in: 3600, scope: 'read:pets write:pets' });
    const last = received[received.length - 1];
    assert.equal(last.url, '/token');
    assert.equal(last.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.deepEqual([...last.form], [['grant_type', 'client_credentials'], ['scope', 'read:pets write:pets']]);
    // RFC 6749 §2.3.1: id and secret form-encoded, then joined by a colon.
    assert.equal(Buffer.from(String(last.headers.authorization).replace(/^Basic /, ''), 'base64').toString(), 'my+app:s3%3Acr+et');
  });

  it('password: sends the user\'s name and password, and the client in the body when asked', async () => {
    await requestToken(grant({ flow: 'password', username: 'ann', password: 'hunter2', scopes: [], clientAuthentication: 'body' }));
    const last = received[received.length - 1];
    assert.deepEqual([...last.form], [['grant_type', 'password'], ['username', 'ann'], ['password', 'hunter2'], ['client_id', 'my app'], ['client_secret', 's3:cr et']]);
    assert.equal(last.headers.authorization, undefined);
  });

  it('a refused grant: the error and its description, in words', async () => {
    await assert.rejects(requestToken(grant({ flow: 'password', username: 'ann', password: 'wrong' })),
      (e: Error) => e instanceof TryError && e.message === `The token request to ${new URL(base).host} was refused (invalid_grant: Bad credentials).`);
  });

  it('an answer that is not a token: its status, or that the token is missing', async () => {
    const host = new URL(base).host;
    await assert.rejects(requestToken(grant({ tokenUrl: `${base}/html` })), { message: `The token request to ${host} answered 502 Bad Gateway.` });
    await assert.rejects(requestToken(grant({ tokenUrl: `${base}/no-token` })), { message: `The token request to ${host} answered without an access token.` });
  });

  it('PKCE: a 43-character verifier and its S256 challenge (RFC 7636 appendix B)', () => {
    assert.equal(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const { verifier, challenge } = pkcePair();
    assert.match(verifier, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(challenge, createHash('sha256').update(verifier).digest('base64url'));
  });

  it('the authorization URL keeps the document\'s query and adds the code grant\'s parameters', () => {
    const url = new URL(authorizationUrlOf(grant({ flow: 'authorizationCode', authorizationUrl: `${base}/authorize?audience=api` }), 'http://127.0.0.1:5/oauth2/callback', 'st', 'ch'));
    assert.deepEqual([...url.searchParams], [
      ['audience', 'api'], ['response_type', 'code'], ['client_id', 'my app'], ['redirect_uri', 'http://127.0.0.1:5/oauth2/callback'],
      ['scope', 'read:pets write:pets'], ['state', 'st'], ['code_challenge', 'ch'], ['code_challenge_method', 'S256'],
    ]);
    assert.ok(!url.search.includes('+'), url.search);
  });

  it('authorization code with PKCE: the browser goes to the authorization server, comes back to the loopback listener, the code is exchanged', async () => {
    let listening: LoopbackRedirect | undefined;
    // The "browser": follows the authorization server's redirect to the loopback listener, as a real one does.
    const browser = async (url: string) => {
      const answer = await fetch(url, { redirect: 'manual' });
      const back = answer.headers.get('location')!;
      assert.ok(back.startsWith(listening!.uri), back);
      const page = await fetch(back);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Authorized\. You can close this tab and return to VS Code\./);
      return true;
    };
    const token = await authorizeWithCode(grant({ flow: 'authorizationCode', authorizationUrl: `${base}/authorize`, clientSecret: '' }), browser, (r) => (listening = r));
    assert.equal(token.access_token, `from-code-${issued.size}`);
    const exchange = received[received.length - 1].form;
    assert.equal(exchange.get('grant_type'), 'authorization_code');
    assert.equal(exchange.get('redirect_uri'), listening!.uri);
    assert.equal(exchange.get('client_id'), 'my app', 'a public client names itself in the body');
    // The listener stopped: nothing answers on its port any more.
    await assert.rejects(fetch(listening!.uri));
  });

  it('the loopback listener ignores an answer with another state and reports a refusal', async () => {
    const redirect = await LoopbackRedirect.start(10_000);
    const wrong = await fetch(`${redirect.uri}?code=x&state=not-ours`);
    assert.equal(wrong.status, 400);
    const refused = await fetch(`${redirect.uri}?error=access_denied&error_description=User%20said%20no&state=${redirect.state}`);
    assert.equal(refused.status, 200);
    await assert.rejects(redirect.code(), { message: 'The authorization server refused (access_denied: User said no).' });
  });

  it('the loopback listener gives up after its wait, and stops', async () => {
    const redirect = await LoopbackRedirect.start(50);
    await assert.rejects(redirect.code(), /within 5 minutes/);
    await assert.rejects(fetch(redirect.uri));
  });

  it('credentials go only to a token or authorization URL the scheme declares', () => {
    const document = {
      components: {
        securitySchemes: {
          oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} }, password: { tokenUrl: '/oauth/token', scopes: {} } } },
          key: { type: 'apiKey', name: 'k', in: 'header' },
        },
      },
    };
    assert.equal(isDeclaredOAuthUrl(document, 'oauth', 'tokenUrl', 'https://auth.example.com/token'), true);
    assert.equal(isDeclaredOAuthUrl(document, 'oauth', 'tokenUrl', 'https://api.example.com/oauth/token'), true, 'relative to the chosen server');
    assert.equal(isDeclaredOAuthUrl(document, 'oauth', 'tokenUrl', 'https://evil.example.com/token'), false);
    assert.equal(isDeclaredOAuthUrl(document, 'oauth', 'authorizationUrl', 'https://auth.example.com/token'), false);
    assert.equal(isDeclaredOAuthUrl(document, 'key', 'tokenUrl', 'https://auth.example.com/token'), false);
    assert.equal(isDeclaredOAuthUrl(document, 'missing', 'tokenUrl', 'https://auth.example.com/token'), false);
  });
});
