// Which document a large input message opens, read from its bytes (server/src/server/transport/opened-uri.ts):
// in any key order, past a long text full of quotes and backslashes, and nothing for anything else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openedUri } from '../../../server/src/server/transport/opened-uri';

const bytes = (text: string) => Buffer.from(text);
// A text with what could pass for keys and quotes: escaped in the JSON, so not structure.
const text = JSON.stringify('a: "b"\n"uri": "file:///wrong.yaml"\n' + 'back\\slash \\" {[ '.repeat(1000) + '日本語 🐾\\');

describe('the document a large message opens', () => {
  it('is read whatever the order of the keys and the blanks between them', () => {
    const documents = [
      `{"uri":"file:///a%20b.yaml","languageId":"yaml","version":1,"text":${text}}`,
      `{"text":${text},"version":1,"languageId":"yaml","uri":"file:///a%20b.yaml"}`,
      `{ "version" : 1 , "text" : ${text} ,\n\t"uri" :\r\n "file:///a%20b.yaml", "extra": {"nested": [1, [2, {"uri": "no"}], "]"]} }`,
    ];
    for (const document of documents) {
      for (const message of [
        `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":${document}}}`,
        `{"params":{"other":[{"textDocument":{"uri":"no"}}],"textDocument":${document}},"jsonrpc":"2.0","method":"textDocument/didOpen"}`,
      ]) assert.equal(openedUri(bytes(message)), 'file:///a%20b.yaml', message.slice(0, 120));
    }
    assert.equal(openedUri(bytes(`{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///\\u00e9\\"q.yaml","text":""}}}`)), 'file:///é"q.yaml');
  });

  it('is nothing for another method, a URI that is not a string, or bytes that are not such JSON', () => {
    const others = [
      `{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.yaml","version":2},"contentChanges":[{"text":${text}}]}}`,
      `{"params":{"textDocument":{"uri":"file:///a.yaml","version":2},"contentChanges":[{"text":${text}}]},"method":"textDocument/didChange"}`,
      `{"method":"textDocument/didOpen","params":{"textDocument":{"uri":7,"text":${text}}}}`,
      `{"method":"textDocument/didOpen","params":{"textDocument":{"text":${text}}}}`,
      `{"method":"textDocument/didOpen","params":{"textDocument":{"text":"unclosed`,
      `{"method":"textDocument/didOpen","params":[{"textDocument":{"uri":"file:///a.yaml"}}]}`,
      `["textDocument/didOpen"]`,
      '',
      `{"method":"textDocument/didOpen","params":{"other":${'['.repeat(200_000)}`,
      `{"method":"textDocument/didOpen","params":{"textDocument":{"text":${text},"uri":"file:///\\x.yaml"}}}`,
    ];
    for (const message of others) assert.equal(openedUri(bytes(message)), undefined, message.slice(0, 120));
  });
});
