// Every rule of the catalog, sorted by id. A meta test checks this list against RULES.md,
// the rule files, their docs and their fixtures.
import { Rule } from './types';
import duplicateParameter from './duplicate-parameter';
import emptyBodyContent from './empty-body-content';
import equivalentPaths from './equivalent-paths';
import fieldType from './field-type';
import mediaType from './media-type';
import openapiVersion from './openapi-version';
import operationIdUnique from './operation-id-unique';
import pathLeadingSlash from './path-leading-slash';
import pathParamRequired from './path-param-required';
import pathParamsDefined from './path-params-defined';
import pathParamsUsed from './path-params-used';
import pathQueryString from './path-query-string';
import pathTemplate from './path-template';
import refCycle from './ref-cycle';
import refNotAllowed from './ref-not-allowed';
import refPointerEscape from './ref-pointer-escape';
import refSiblings from './ref-siblings';
import refSyntax from './ref-syntax';
import refUnresolved from './ref-unresolved';
import refYamlComment from './ref-yaml-comment';
import requestBodyMethod from './request-body-method';
import requiredField from './required-field';
import responseCode from './response-code';
import responseCodeQuoted from './response-code-quoted';
import responseDescription from './response-description';
import responsesEmpty from './responses-empty';
import successResponse from './success-response';
import syntax from './syntax';
import unknownField from './unknown-field';
import unknownMethod from './unknown-method';

export const RULES: readonly Rule[] = [
  duplicateParameter,
  emptyBodyContent,
  equivalentPaths,
  fieldType,
  mediaType,
  openapiVersion,
  operationIdUnique,
  pathLeadingSlash,
  pathParamRequired,
  pathParamsDefined,
  pathParamsUsed,
  pathQueryString,
  pathTemplate,
  refCycle,
  refNotAllowed,
  refPointerEscape,
  refSiblings,
  refSyntax,
  refUnresolved,
  refYamlComment,
  requestBodyMethod,
  requiredField,
  responseCode,
  responseCodeQuoted,
  responseDescription,
  responsesEmpty,
  successResponse,
  syntax,
  unknownField,
  unknownMethod,
];

export const RULE_IDS: ReadonlySet<string> = new Set(RULES.map((r) => r.id));

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.id === id);
}
