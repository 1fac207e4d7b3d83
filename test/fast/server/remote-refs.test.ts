// The editor's side of remote `$ref`s that needs no network (server/state/remote-refs.ts): how a
// URL becomes the URI of its read-only view and back, the policy of settings, configuration files
// and stored credentials, and what a check reads for a host not allowed or in an untrusted
// workspace: never a fetch (no URL here is reachable, and none is asked: nothing settles).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readRemotePolicy } from '../../../server/src/io/remote-policy';
import { EditorRemoteRefs, remoteUri, urlOfRemoteUri } from '../../../server/src/server/state/remote-refs';
import { uriToPath } from '../../../server/src/server/state/session';

describe('remote documents in the editor', () => {
  it('names a URL by an openapi-remote: URI that keeps its path (its extension), and reads it back', () => {
    const cases: [string, string][] = [
      ['http://127.0.0.1:8080/a/schemas.yaml', 'openapi-remote:/http/127.0.0.1%3A8080/a/schemas.yaml'],
      ['https://schemas.example.com/v1/pet.json?rev=2', 'openapi-remote:/https/schemas.example.com/v1/pet.json?rev=2'],
      ['https://[::1]:8443/x%20y.yaml', 'openapi-remote:/https/%5B%3A%3A1%5D%3A8443/x%20y.yaml'],
    ];
    for (const [url, uri] of cases) {
      assert.equal(remoteUri(url), uri);
      assert.equal(urlOfRemoteUri(uri), url);
      assert.equal(uriToPath(uri), url, 'the session knows the view by its URL, as checks do');
    }
    // VS Code writes `:` in a path as %3A and a host's brackets as they are: the same URL.
    assert.equal(urlOfRemoteUri('openapi-remote:/https/[::1]:8443/x%20y.yaml'), 'https://[::1]:8443/x%20y.yaml');
    for (const other of ['openapi-remote:/ftp/host/x', 'openapi-remote:/http', 'file:///x.yaml', 'untitled:Untitled-1']) {
      assert.equal(urlOfRemoteUri(other), undefined, other);
    }
  });

  it('allows the hosts of the settings and of every configuration file read, and nothing else, without a request', () => {
    const settled: string[] = [];
    const filePolicy = readRemotePolicy({ allow: ['registry.example.com'] }).policy;
    const remote = new EditorRemoteRefs(undefined, () => true, () => [filePolicy], (url) => settled.push(url), true);
    assert.equal(remote.configure({ allow: ['Schemas.Example.com:8443', 'not a host', 7], timeoutSeconds: 3 }), true);
    assert.equal(remote.configure({ allow: ['schemas.example.com:8443'], timeoutSeconds: 3 }), false, 'the same policy');
    assert.deepEqual(remote.policy().allow, ['schemas.example.com:8443', 'registry.example.com']);
    assert.equal(remote.policy().timeoutSeconds, 10, 'the largest of the policies (the file has the default)');

    const read = remote.read('https://other.example.com/pet.yaml');
    assert.deepEqual(read, {
      reason: 'remote-not-allowed', host: 'other.example.com', message: 'other.example.com is not an allowed host.',
      how: 'Allow it with the quick fix "Allow fetching from other.example.com", in the openapi30.remoteRefs.allow setting or in remoteRefs.allow of .openapi-check.yaml.',
    });
    const plain = new EditorRemoteRefs(undefined, () => true, () => [], () => undefined, false);
    const withoutFix = plain.read('https://other.example.com/pet.yaml');
    assert.ok('how' in withoutFix && withoutFix.how === 'Allow it in the openapi30.remoteRefs.allow setting or in remoteRefs.allow of .openapi-check.yaml.');
    assert.deepEqual(remote.remoteUrls(), ['https://other.example.com/pet.yaml']);
    assert.deepEqual(settled, []);
  });

  it('fetches nothing in an untrusted workspace, even from an allowed host', () => {
    const remote = new EditorRemoteRefs(undefined, () => false, () => [], () => undefined, true);
    remote.configure({ allow: ['schemas.example.com'] });
    assert.deepEqual(remote.read('https://schemas.example.com/pet.yaml'), {
      reason: 'remote-off', host: 'schemas.example.com', message: 'the workspace is not trusted (restricted mode), and nothing is fetched in it',
    });
    assert.equal(remote.textOf('https://schemas.example.com/pet.yaml'), undefined);
  });

  it('keeps well-formed credentials per host, normalised, and drops the rest', () => {
    const remote = new EditorRemoteRefs(undefined, () => true, () => [], () => undefined);
    remote.setCredentials({ 'Schemas.Example.com:443': { Authorization: 'Bearer x', 'bad header': 'y', Other: 3 }, 'not a host/': { A: 'b' }, 'empty.example.com': {} });
    // Seen through the policy key only: a change of credentials starts the documents over.
    assert.deepEqual((remote as unknown as { credentials: unknown }).credentials, { 'schemas.example.com:443': { Authorization: 'Bearer x' } });
  });
});
