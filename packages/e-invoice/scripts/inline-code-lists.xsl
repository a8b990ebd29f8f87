<?xml version="1.0" encoding="UTF-8"?>
<!--
  Factur-X's schematrons check a coded value (a unit, a currency, a country, a scheme) by reading the profile's
  code list document and scanning it on every coded node:
    document('FACTUR-X_EN16931_codedb.xml')/codedb/cl[@id=4]/enumeration[@value=$codeValue4]
  For a 10-line invoice that is about half of the whole check (SaxonJS walks the 190 KB list for each lookup).

  This rewrite writes each lookup with the list itself, read here at compile time, as one string:
    (some $v in $codeValue4 satisfies (not(contains($v, '|')) and contains('|A|B|C|', concat('|', $v, '|'))))
  which is true for exactly the same values: the general comparison of the original is true when some item of
  $codeValue4 equals some @value as a string (both sides are untyped text), and a value free of "|" equals a list
  entry exactly when "|value|" occurs in the joined list, as no entry holds "|" (checked below). Nothing else in
  the stylesheet changes. compile-rules.ts proves the result as it proves direct-pattern-walks.xsl, on variants
  whose coded values are replaced by codes no list holds.

  code-db: the code list's URI; code-db-name: the name the stylesheet reads it under. Any other use of that
  document is an error, so the compiled rules never need the list at run time.
-->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" exclude-result-prefixes="#all">

  <xsl:param name="code-db" as="xs:string" required="yes"/>
  <xsl:param name="code-db-name" as="xs:string" required="yes"/>

  <xsl:mode on-no-match="shallow-copy"/>

  <xsl:variable name="lists" select="doc($code-db)/codedb/cl"/>
  <xsl:variable name="lookup" select="
    'document\(''' || replace($code-db-name, '\.', '\\.') ||
    '''\)/codedb/cl\[@id=(\d+)\]/enumeration\[@value=\$([\w.-]+)\]'"/>

  <xsl:template match="/">
    <xsl:if test="$lists/enumeration/@value[contains(., '|')]">
      <xsl:message terminate="yes">A code list entry holds "|": the joined list could not tell entries apart.</xsl:message>
    </xsl:if>
    <xsl:apply-templates/>
  </xsl:template>

  <xsl:template match="xsl:*/@*[contains(., 'document(')]">
    <xsl:variable name="written" as="xs:string*">
      <xsl:analyze-string select="." regex="{$lookup}">
        <xsl:matching-substring>
          <xsl:variable name="entries" select="$lists[@id = regex-group(1)]/enumeration/@value/string()"/>
          <xsl:if test="not($lists[@id = regex-group(1)])">
            <xsl:message terminate="yes">No code list <xsl:value-of select="regex-group(1)"/> in <xsl:value-of select="$code-db"/>.</xsl:message>
          </xsl:if>
          <xsl:sequence select="
            '(some $folio-code in $' || regex-group(2) || ' satisfies (not(contains($folio-code, ''|'')) and ' ||
            'contains(''|' || replace(string-join($entries, '|'), '''', '''''') || '|'', ' ||
            'concat(''|'', $folio-code, ''|''))))'"/>
        </xsl:matching-substring>
        <xsl:non-matching-substring>
          <xsl:if test="contains(., 'document(')">
            <xsl:message terminate="yes">A use of document() this rewrite does not know: <xsl:value-of select="."/></xsl:message>
          </xsl:if>
          <xsl:sequence select="."/>
        </xsl:non-matching-substring>
      </xsl:analyze-string>
    </xsl:variable>
    <xsl:attribute name="{node-name(.)}" select="string-join($written)"/>
  </xsl:template>
</xsl:stylesheet>
