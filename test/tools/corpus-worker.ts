// One worker of `npm run corpus`: checks the documents it is sent and answers with its findings.
import { parentPort } from 'worker_threads';
import { RULES } from '../../server/src/rules/index';
import { diskFiles } from '../../server/src/io/read-file';
import { DocumentStore } from '../../server/src/model/documents';
import { checkDocument } from '../../server/src/check/checker';
import { nodeAt } from '../../server/src/services/node-at';

export interface CorpusFinding {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  character: number;
  /** JSON pointer of the deepest node at the finding's start (its member when the finding is on a key). */
  pointer: string;
}

export interface CorpusResult {
  file: string;
  ms: number;
  findings: CorpusFinding[];
  crashes: string[];
  loadFailure?: string;
}

export function checkCorpusDocument(file: string): CorpusResult {
  const start = performance.now();
  const result = checkDocument(new DocumentStore(diskFiles), file, { rules: RULES });
  const findings = result.diagnostics.map((d) => {
    const at = d.doc.lineIndex.positionAt(d.offset);
    const pointer = nodeAt(d.doc.root, d.offset)?.node.pointer ?? '';
    return { rule: d.rule, severity: d.severity, message: d.message, file: d.doc.path, line: at.line + 1, character: at.character + 1, pointer };
  });
  return {
    file,
    ms: Math.round(performance.now() - start),
    findings,
    crashes: result.crashes.map((c) => `${c.rule} at ${c.where}: ${c.error.split('\n').slice(0, 4).join(' | ')}`),
    loadFailure: result.loadFailure?.message,
  };
}

parentPort?.on('message', (file: string) => {
  try {
    parentPort!.postMessage(checkCorpusDocument(file));
  } catch (e) {
    parentPort!.postMessage({ file, ms: 0, findings: [], crashes: [`checker threw: ${(e as Error).stack}`] });
  }
});
