<?xml version="1.0" encoding="UTF-8"?>
<!--
  A schematron compiled by the ISO skeleton (Factur-X, CEN) walks the whole invoice twice for every pattern: once
  in the pattern's mode, visiting every element and attribute to find the nodes its rules match, and once in the
  default mode, inside svrl:active-pattern, where the only template is an empty text() one, so that walk writes
  nothing. Factur-X's EN16931 rules have 68 patterns: 136 walks of SaxonJS's template dispatch per invoice.

  This rewrite keeps every rule, assert, message and location; it changes how the nodes are found and what is
  written beside the findings:
  - the default-mode walk is dropped when the stylesheet's default mode has no template but "/" and an empty
    text() (so it provably writes nothing);
  - a pattern with one rule whose context is an absolute path (starts with "/", no current()) is applied straight
    to the nodes that path selects, instead of to "/" and down through every node. XSLT 2.0 (5.5.3) defines a node
    as matching such a pattern exactly when the pattern, read as an expression from the root, selects it; the
    nodes come in document order, as the walk met them; and the rule's own walk into its children, which found
    the nested matches, is dropped because the selection already holds them.
  compile-rules.ts checks the result: the rewritten and the unmodified stylesheet must report the same findings,
  in the same order, on every sample and on each of its variants, or nothing is written.
-->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
  xmlns:folio="urn:folio:e-invoice" exclude-result-prefixes="#all">

  <xsl:mode on-no-match="shallow-copy"/>

  <xsl:variable name="stylesheet" select="/"/>
  <xsl:variable name="templates" select="/xsl:stylesheet/xsl:template"/>
  <xsl:key name="templates-by-mode" match="/xsl:stylesheet/xsl:template" use="@mode"/>
  <xsl:key name="applications-by-mode" match="xsl:apply-templates" use="@mode"/>

  <!-- The default mode writes nothing: its templates are "/" and text() with no content. -->
  <xsl:variable name="default-mode-is-silent" as="xs:boolean" select="
    every $t in $templates[not(@mode)] satisfies
      $t/@match = '/' or ($t/@match = 'text()' and not($t/node()[not(self::text()[not(normalize-space())])]))"/>

  <!-- The one rule of a pattern's mode, when the mode is only that rule plus the skeleton's two fall-backs. -->
  <xsl:function name="folio:single-rule" as="element(xsl:template)?">
    <xsl:param name="mode" as="xs:string"/>
    <xsl:variable name="in-mode" select="key('templates-by-mode', $mode, $stylesheet)"/>
    <xsl:variable name="rules" select="$in-mode[not(@match = ('text()', '@*|node()'))]"/>
    <!-- Refused, to stay on the safe side: a union (a branch may be relative), a node test the walk never visits
         (the walk applies only @*|*: no text, comment or processing instruction), current() (its meaning differs
         between a pattern and an expression), and a mode whose fall-back does not walk @*|*. -->
    <xsl:sequence select="$rules[
      count($rules) = 1 and count($in-mode) = 3
      and starts-with(normalize-space(@match), '/')
      and not(contains(@match, '|'))
      and not(matches(@match, '(current|text|comment|processing-instruction|node)\s*\('))
      and xsl:apply-templates[last()][@mode = $mode][@select = '@*|*'][not(*)]
      and not(xsl:apply-templates[last()]/following-sibling::*)
      and $in-mode[@match = '@*|node()']/xsl:apply-templates[@mode = $mode][@select = '@*|*']
      and count(key('applications-by-mode', $mode, $stylesheet)) = 3]"/>
  </xsl:function>

  <xsl:template match="svrl:active-pattern/xsl:apply-templates[not(@mode) and not(@select) and not(node())]
                       [$default-mode-is-silent]"/>

  <!-- Computed once: a match pattern calling the function would run it for every node of the stylesheet. -->
  <xsl:variable name="direct-modes" as="xs:string*"
    select="distinct-values($templates/@mode)[exists(folio:single-rule(.))]"/>

  <xsl:template match="xsl:template[@match = '/' and not(@mode)]//xsl:apply-templates[@select = '/']
                       [@mode = $direct-modes]">
    <xsl:copy>
      <xsl:copy-of select="@* except @select"/>
      <xsl:attribute name="select" select="folio:single-rule(@mode)/@match"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="svrl:fired-rule"/>

  <xsl:template match="xsl:template[@mode = $direct-modes][not(@match = ('text()', '@*|node()'))]
                       /xsl:apply-templates[not(following-sibling::*)]"/>
</xsl:stylesheet>
