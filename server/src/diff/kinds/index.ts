// Every change kind of the catalog, sorted by id. A meta test checks this list against the kind
// files, their pages under docs/diff/ and their fixtures under test/diff/.
import { ChangeKind } from '../types';
import callbackRemoved from './callback-removed';
import deprecatedOperationRemoved from './deprecated-operation-removed';
import errorResponseRemoved from './error-response-removed';
import operationAdded from './operation-added';
import operationDeprecated from './operation-deprecated';
import operationIdChanged from './operation-id-changed';
import operationRemoved from './operation-removed';
import parameterAdded from './parameter-added';
import parameterAddedRequired from './parameter-added-required';
import parameterBecameRequired from './parameter-became-required';
import parameterDeprecated from './parameter-deprecated';
import parameterLocationChanged from './parameter-location-changed';
import parameterRemoved from './parameter-removed';
import parameterStyleChanged from './parameter-style-changed';
import propertyDeprecated from './property-deprecated';
import requestAlternativeRemoved from './request-alternative-removed';
import requestBodyBecameRequired from './request-body-became-required';
import requestBodyRemoved from './request-body-removed';
import requestConstraintTightened from './request-constraint-tightened';
import requestEnumValueRemoved from './request-enum-value-removed';
import requestMediaTypeRemoved from './request-media-type-removed';
import requestPropertyBecameRequired from './request-property-became-required';
import requestPropertyRemoved from './request-property-removed';
import requestTypeChanged from './request-type-changed';
import responseAdded from './response-added';
import responseAlternativeAdded from './response-alternative-added';
import responseBecameNullable from './response-became-nullable';
import responseConstraintLoosened from './response-constraint-loosened';
import responseEnumValueAdded from './response-enum-value-added';
import responseHeaderRemoved from './response-header-removed';
import responseMediaTypeRemoved from './response-media-type-removed';
import responseOptionalPropertyRemoved from './response-optional-property-removed';
import responsePropertyAdded from './response-property-added';
import responsePropertyBecameOptional from './response-property-became-optional';
import responseRequiredPropertyRemoved from './response-required-property-removed';
import responseTypeChanged from './response-type-changed';
import securityRequirementAdded from './security-requirement-added';
import securitySchemeChanged from './security-scheme-changed';
import securityScopeAdded from './security-scope-added';
import serverRemoved from './server-removed';
import successResponseRemoved from './success-response-removed';
import unusedAcknowledgement from './unused-acknowledgement';

export const KINDS: readonly ChangeKind[] = [
  callbackRemoved,
  deprecatedOperationRemoved,
  errorResponseRemoved,
  operationAdded,
  operationDeprecated,
  operationIdChanged,
  operationRemoved,
  parameterAdded,
  parameterAddedRequired,
  parameterBecameRequired,
  parameterDeprecated,
  parameterLocationChanged,
  parameterRemoved,
  parameterStyleChanged,
  propertyDeprecated,
  requestAlternativeRemoved,
  requestBodyBecameRequired,
  requestBodyRemoved,
  requestConstraintTightened,
  requestEnumValueRemoved,
  requestMediaTypeRemoved,
  requestPropertyBecameRequired,
  requestPropertyRemoved,
  requestTypeChanged,
  responseAdded,
  responseAlternativeAdded,
  responseBecameNullable,
  responseConstraintLoosened,
  responseEnumValueAdded,
  responseHeaderRemoved,
  responseMediaTypeRemoved,
  responseOptionalPropertyRemoved,
  responsePropertyAdded,
  responsePropertyBecameOptional,
  responseRequiredPropertyRemoved,
  responseTypeChanged,
  securityRequirementAdded,
  securitySchemeChanged,
  securityScopeAdded,
  serverRemoved,
  successResponseRemoved,
  unusedAcknowledgement,
];

export const KIND_IDS: ReadonlySet<string> = new Set(KINDS.map((k) => k.id));
