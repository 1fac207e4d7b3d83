// A rule that checks each member of an object checks a large one in slices: a Paths object of
// 200,000 paths, or an object of 100,000 unknown fields, made single rule calls of 0.1-1.3 s that
// held the language server. The engine pauses between the slices (Rule.checkObject's steps).
import type { OpenApiObject } from '../model/analysis';
import { SyntaxNode } from '../syntax/tree';
import { RuleContext } from './types';

/** Members checked between two pauses. */
const MEMBERS_PER_PAUSE = 256;

/** How a rule checks one member of the object (a function, not a closure: rules run 750,000 times on a large document). */
export type MemberCheck = (member: SyntaxNode, object: OpenApiObject, context: RuleContext) => void;

/** Calls `check` on each member of the object: at once for a small one, else in steps the rule returns to the engine. */
export function eachMember(object: OpenApiObject, context: RuleContext, check: MemberCheck): void | Iterable<void> {
  const members = object.node.children!;
  if (members.length <= MEMBERS_PER_PAUSE) {
    for (let i = 0; i < members.length; i++) check(members[i], object, context);
    return;
  }
  return eachMemberInSteps(object, context, check);
}

function* eachMemberInSteps(object: OpenApiObject, context: RuleContext, check: MemberCheck): Generator<void> {
  const members = object.node.children!;
  for (let i = 0; i < members.length; i++) {
    check(members[i], object, context);
    if ((i + 1) % MEMBERS_PER_PAUSE === 0) yield;
  }
}
