// Turtle as the TTL tab shows it.
import { describe, expect, it } from 'vitest';
import { withoutUnusedPrefixes } from './turtle-view';

describe('Turtle display', () => {
  it('drops prefix declarations nobody uses', () => {
    const ttl = '@prefix sioc: <http://rdfs.org/sioc/ns#>.\n@prefix foaf: <http://xmlns.com/foaf/0.1/>.\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n\n<urn:a> a sioc:Post ; <urn:n> "1"^^xsd:integer .';
    const out = withoutUnusedPrefixes(ttl);
    expect(out).toContain('@prefix sioc:');
    expect(out).toContain('PREFIX xsd:');
    expect(out).not.toContain('foaf');
  });
});
