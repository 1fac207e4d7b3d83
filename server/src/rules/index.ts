// Every rule of the catalog, sorted by id. A meta test checks this list against RULES.md,
// the rule files, their docs and their fixtures.
import { Rule } from '../check/types';
import apiKeyParameter from './api-key-parameter';
import arrayItems from './array-items';
import boundsOrder from './bounds-order';
import componentName from './component-name';
import constantParameter from './constant-parameter';
import defaultOnRequired from './default-on-required';
import defaultType from './default-type';
import deprecatedReference from './deprecated-reference';
import duplicateParameter from './duplicate-parameter';
import duplicateTag from './duplicate-tag';
import emptyBodyContent from './empty-body-content';
import enumType from './enum-type';
import equivalentPaths from './equivalent-paths';
import exampleValid from './example-valid';
import exampleXorExamples from './example-xor-examples';
import fieldFormat from './field-format';
import fieldType from './field-type';
import formatType from './format-type';
import headerParameterIgnored from './header-parameter-ignored';
import linkOperation from './link-operation';
import mediaType from './media-type';
import nullableWithoutType from './nullable-without-type';
import openapiVersion from './openapi-version';
import operationIdUnique from './operation-id-unique';
import operationTagDefined from './operation-tag-defined';
import parameterIn from './parameter-in';
import parameterQueryOnlyField from './parameter-query-only-field';
import parameterSchemaXorContent from './parameter-schema-xor-content';
import parameterStyle from './parameter-style';
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
import refTargetKind from './ref-target-kind';
import refUnresolved from './ref-unresolved';
import refYamlComment from './ref-yaml-comment';
import requestBodyMethod from './request-body-method';
import requiredField from './required-field';
import requiredPropertyUndefined from './required-property-undefined';
import responseCode from './response-code';
import responseCodeQuoted from './response-code-quoted';
import responseDescription from './response-description';
import responseHeaderContentType from './response-header-content-type';
import responsesEmpty from './responses-empty';
import schemaKeywordValue from './schema-keyword-value';
import schemaType from './schema-type';
import securitySchemeDefined from './security-scheme-defined';
import securitySchemeFields from './security-scheme-fields';
import securityScopes from './security-scopes';
import serverUrl from './server-url';
import successResponse from './success-response';
import swagger2Construct from './swagger2-construct';
import syntax from './syntax';
import unauthorizedResponse from './unauthorized-response';
import unknownField from './unknown-field';
import unknownMethod from './unknown-method';
import unusedComponent from './unused-component';
import unusedSuppression from './unused-suppression';

export const RULES: readonly Rule[] = [
  apiKeyParameter,
  arrayItems,
  boundsOrder,
  componentName,
  constantParameter,
  defaultOnRequired,
  defaultType,
  deprecatedReference,
  duplicateParameter,
  duplicateTag,
  emptyBodyContent,
  enumType,
  equivalentPaths,
  exampleValid,
  exampleXorExamples,
  fieldFormat,
  fieldType,
  formatType,
  headerParameterIgnored,
  linkOperation,
  mediaType,
  nullableWithoutType,
  openapiVersion,
  operationIdUnique,
  operationTagDefined,
  parameterIn,
  parameterQueryOnlyField,
  parameterSchemaXorContent,
  parameterStyle,
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
  refTargetKind,
  refUnresolved,
  refYamlComment,
  requestBodyMethod,
  requiredField,
  requiredPropertyUndefined,
  responseCode,
  responseCodeQuoted,
  responseDescription,
  responseHeaderContentType,
  responsesEmpty,
  schemaKeywordValue,
  schemaType,
  securitySchemeDefined,
  securitySchemeFields,
  securityScopes,
  serverUrl,
  successResponse,
  swagger2Construct,
  syntax,
  unauthorizedResponse,
  unknownField,
  unknownMethod,
  unusedComponent,
  unusedSuppression,
];

export const RULE_IDS: ReadonlySet<string> = new Set(RULES.map((r) => r.id));
