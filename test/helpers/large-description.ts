// A generated OpenAPI description with every kind of entry the workspace index records, as large
// as asked: operations with operationIds and tags, security requirements, Links by operationId
// and operationRef, $refs (local, to other files, inside `x-` extensions, for whole path items),
// discriminator mappings, deprecated operations, flow collections and text beyond Latin-1.

/** About 800 bytes of YAML per path, with six references. */
export function largeDescription(paths: number): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Generated – große API ✓', '  version: 1.0.0', 'tags:'];
  for (let g = 0; g < 7; g++) lines.push(`  - name: group${g}`, `    description: Gruppe ${g} ✓`);
  lines.push('security:', '  - api_key: []', 'paths:');
  for (let i = 0; i < paths; i++) {
    lines.push(
      `  /items${i}/{id}:`,
      "    parameters: [{$ref: '#/components/parameters/Id'}]",
      '    get:',
      `      operationId: getItem${i}`,
      `      tags: [items, group${i % 7}]`,
      '      security:',
      "        - oauth: ['read:items']",
      '      responses:',
      "        '200':",
      `          description: Ein Ding ✓ ${i}`,
      '          content:',
      '            application/json:',
      '              schema:',
      `                $ref: '#/components/schemas/Item${i % 50}'`,
      '          links:',
      '            Next:',
      `              operationId: getItem${(i + 1) % paths}`,
      '            Self:',
      `              operationRef: '#/paths/~1items${i}~1%7Bid%7D/get'`,
      '    delete:',
      `      operationId: deleteItem${i}`,
      '      deprecated: true',
      '      tags:',
      `        - group${i % 7}`,
      '      x-audit:',
      "        $ref: './shared.yaml#/Audit'",
      '      responses:',
      "        '204':",
      '          $ref: "#/components/responses/Gone"',
      `  /mirror${i}:`,
      `    $ref: './paths/mirror.yaml'`,
    );
  }
  lines.push(
    'components:',
    '  parameters:',
    '    Id: {name: id, in: path, required: true, schema: {type: string}}',
    '  responses:',
    '    Gone:',
    '      description: Gone',
    '  securitySchemes:',
    '    api_key: {type: apiKey, name: key, in: header}',
    '    oauth:',
    '      type: oauth2',
    '      flows:',
    '        clientCredentials: {tokenUrl: /token, scopes: {read:items: read}}',
    '  schemas:',
  );
  for (let s = 0; s < 50; s++) {
    lines.push(
      `    Item${s}:`,
      '      type: object',
      `      deprecated: ${s % 2 === 0}`,
      // A discriminator is legal only beside oneOf, anyOf or allOf.
      '      allOf: [{type: object}]',
      '      discriminator:',
      '        propertyName: kind',
      '        mapping:',
      `          plain: Item${(s + 1) % 50}`,
      `          shared: './shared.yaml#/Kind'`,
      '      properties:',
      '        kind: {type: string}',
      `        next: {$ref: '#/components/schemas/Item${(s + 1) % 50}'}`,
    );
  }
  return lines.join('\n') + '\n';
}
