// Every rule of the catalog, sorted by id. A meta test checks this list against RULES.md,
// the rule files, their docs and their fixtures.
import { Rule } from '../check/types';
import ambiguousPaths from './ambiguous-paths';
import apiKeyParameter from './api-key-parameter';
import arrayItems from './array-items';
import boundsOrder from './bounds-order';
import componentName from './component-name';
import constantParameter from './constant-parameter';
import defaultOnRequired from './default-on-required';
import defaultType from './default-type';
import deprecatedReference from './deprecated-reference';
import discriminator from './discriminator';
import duplicateParameter from './duplicate-parameter';
import duplicateTag from './duplicate-tag';
import emptyBodyContent from './empty-body-content';
import encodingFieldIgnored from './encoding-field-ignored';
import encodingProperty from './encoding-property';
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
import operation4xxResponse from './operation-4xx-response';
import operationIdMissing from './operation-id-missing';
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
import pathTrailingSlash from './path-trailing-slash';
import positionalEncoding from './positional-encoding';
import querystringParameter from './querystring-parameter';
import readOnlyOutsideProperty from './read-only-outside-property';
import readOnlyWriteOnly from './read-only-write-only';
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
import runtimeExpression from './runtime-expression';
import schemaKeywordType from './schema-keyword-type';
import schemaKeywordValue from './schema-keyword-value';
import schemaType from './schema-type';
import securitySchemeDefined from './security-scheme-defined';
import securitySchemeFields from './security-scheme-fields';
import securityScopes from './security-scopes';
import serverUrl from './server-url';
import serverUrlStyle from './server-url-style';
import successResponse from './success-response';
import swagger2Construct from './swagger2-construct';
import syntax from './syntax';
import tagParent from './tag-parent';
import unauthorizedResponse from './unauthorized-response';
import unknownField from './unknown-field';
import unknownMethod from './unknown-method';
import unusedComponent from './unused-component';
import unusedSuppression from './unused-suppression';
import xmlWrapped from './xml-wrapped';

export const RULES: readonly Rule[] = [
  ambiguousPaths,
  apiKeyParameter,
  arrayItems,
  boundsOrder,
  componentName,
  constantParameter,
  defaultOnRequired,
  defaultType,
  deprecatedReference,
  discriminator,
  duplicateParameter,
  duplicateTag,
  emptyBodyContent,
  encodingFieldIgnored,
  encodingProperty,
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
  operation4xxResponse,
  operationIdMissing,
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
  pathTrailingSlash,
  positionalEncoding,
  querystringParameter,
  readOnlyOutsideProperty,
  readOnlyWriteOnly,
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
  runtimeExpression,
  schemaKeywordType,
  schemaKeywordValue,
  schemaType,
  securitySchemeDefined,
  securitySchemeFields,
  securityScopes,
  serverUrl,
  serverUrlStyle,
  successResponse,
  swagger2Construct,
  syntax,
  tagParent,
  unauthorizedResponse,
  unknownField,
  unknownMethod,
  unusedComponent,
  unusedSuppression,
  xmlWrapped,
];

export const RULE_IDS: ReadonlySet<string> = new Set(RULES.map((r) => r.id));
