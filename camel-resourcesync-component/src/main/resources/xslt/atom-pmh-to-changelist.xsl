<?xml version="1.0" encoding="UTF-8"?>
<!--
  Turns one Atom-PMH feed document (an RFC 4287 feed, RFC 5005 archived or complete) into a ResourceSync Change List.
  XSLT 3.0; runs on Saxon-HE (camel-xslt with net.sf.saxon.TransformerFactoryImpl).

  - Per atom:id the entry with the newest atom:updated wins (on a tie a deletion wins); changes are in chronological
    order, as a Change List requires.
  - An Atom-PMH deletion entry (no alternate link, empty atom:content) and an RFC 6721 at:deleted-entry tombstone
    become change="deleted"; its loc is the alternate link of an older entry for the record in the document, else the
    atom:id when that is an absolute URI (a deletion that cannot be located is left out).
  - An active entry becomes change="updated" when the document holds an older entry for the record, else "created";
    atom:updated becomes rs:md datetime (ResourceSync 1.1) and lastmod, in UTC.
  - rs:md from = the oldest change (or the feed's atom:updated when it lists none), until = the feed's atom:updated.

  Parameters: base (the feed's URL, to resolve relative links against; default: the input's base URI), mediaType (the
  alternate link type to prefer; default: the first alternate link), capabilityList (adds rs:ln rel="up").
-->
<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:atom="http://www.w3.org/2005/Atom"
    xmlns:at="http://purl.org/atompub/tombstones/1.0"
    xmlns:local="urn:camel-resourcesync:atom-pmh"
    xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
    xmlns:rs="http://www.openarchives.org/rs/terms/"
    exclude-result-prefixes="xs atom at local">

  <xsl:output method="xml" indent="yes" encoding="UTF-8"/>

  <xsl:param name="base" as="xs:string" select="''"/>
  <xsl:param name="mediaType" as="xs:string" select="''"/>
  <xsl:param name="capabilityList" as="xs:string" select="''"/>

  <xsl:function name="local:utc" as="xs:dateTime">
    <xsl:param name="value" as="xs:string"/>
    <xsl:sequence select="adjust-dateTime-to-timezone(xs:dateTime(normalize-space($value)), xs:dayTimeDuration('PT0S'))"/>
  </xsl:function>

  <xsl:function name="local:absolute" as="xs:string">
    <xsl:param name="href" as="xs:string"/>
    <xsl:param name="context" as="node()"/>
    <xsl:variable name="b" select="if ($base != '') then $base else string(base-uri($context))"/>
    <xsl:sequence select="if (matches($href, '^[a-zA-Z][a-zA-Z0-9+.\-]*:') or $b = '') then $href
                          else string(resolve-uri($href, $b))"/>
  </xsl:function>

  <!-- the alternate links of an entry: no rel, or rel="alternate" -->
  <xsl:function name="local:alternates" as="element(atom:link)*">
    <xsl:param name="entry" as="element()"/>
    <xsl:sequence select="$entry/atom:link[not(@rel) or normalize-space(@rel) = ('', 'alternate')][@href]"/>
  </xsl:function>

  <xsl:function name="local:chosen" as="element(atom:link)?">
    <xsl:param name="entry" as="element()"/>
    <xsl:variable name="links" select="local:alternates($entry)"/>
    <xsl:sequence select="(if ($mediaType != '')
        then $links[lower-case(normalize-space(substring-before(concat(@type, ';'), ';'))) = lower-case($mediaType)]
        else (), $links)[1]"/>
  </xsl:function>

  <xsl:template match="/atom:feed">
    <xsl:variable name="feed" select="."/>
    <!-- one record per change: entries and tombstones, normalised -->
    <xsl:variable name="records" as="map(*)*">
      <xsl:for-each select="atom:entry[atom:id and atom:updated] | at:deleted-entry[@ref and @when]">
        <xsl:variable name="deleted" select="self::at:deleted-entry or
            (empty(local:alternates(.)) and exists(atom:content[not(@src)][not(*) and normalize-space() = '']))"/>
        <xsl:if test="$deleted or exists(local:alternates(.))">
          <xsl:sequence select="map {
              'id': normalize-space(if (self::at:deleted-entry) then @ref else atom:id),
              'time': local:utc(if (self::at:deleted-entry) then @when else atom:updated),
              'deleted': $deleted,
              'link': if ($deleted) then () else local:chosen(.)
            }"/>
        </xsl:if>
      </xsl:for-each>
    </xsl:variable>
    <xsl:variable name="changes" as="map(*)*">
      <xsl:for-each-group select="$records" group-by="?id">
        <xsl:variable name="newest" select="max(current-group()?time)"/>
        <xsl:variable name="latest" select="current-group()[?time = $newest]"/>
        <xsl:variable name="winner" select="($latest[?deleted], $latest)[1]"/>
        <xsl:variable name="older-link" select="(current-group()[exists(?link)][?time le $newest])[1]?link"/>
        <xsl:variable name="loc" select="
            if (exists($winner?link)) then local:absolute($winner?link/@href, $winner?link)
            else if (exists($older-link)) then local:absolute($older-link/@href, $older-link)
            else if (matches(current-grouping-key(), '^[a-zA-Z][a-zA-Z0-9+.\-]*:')) then current-grouping-key()
            else ''"/>
        <xsl:if test="$loc != '' and ($winner?deleted or exists($winner?link))">
          <xsl:sequence select="map {
              'loc': $loc, 'time': $newest, 'type': string($winner?link/@type),
              'change': if ($winner?deleted) then 'deleted'
                        else if (count(current-group()) gt 1) then 'updated' else 'created'
            }"/>
        </xsl:if>
      </xsl:for-each-group>
    </xsl:variable>
    <xsl:variable name="until" select="if (atom:updated) then local:utc(atom:updated) else max($changes?time)"/>
    <urlset>
      <xsl:if test="$capabilityList != ''">
        <rs:ln rel="up" href="{$capabilityList}"/>
      </xsl:if>
      <rs:md capability="changelist" from="{(min($changes?time), $until)[1]}">
        <xsl:if test="exists($until)">
          <xsl:attribute name="until" select="$until"/>
        </xsl:if>
      </rs:md>
      <xsl:for-each select="$changes">
        <xsl:sort select="?time"/>
        <xsl:sort select="?loc"/>
        <url>
          <loc><xsl:value-of select="?loc"/></loc>
          <xsl:if test="?change != 'deleted'">
            <lastmod><xsl:value-of select="?time"/></lastmod>
          </xsl:if>
          <rs:md change="{?change}" datetime="{?time}">
            <xsl:if test="?type != ''">
              <xsl:attribute name="type" select="?type"/>
            </xsl:if>
          </rs:md>
        </url>
      </xsl:for-each>
    </urlset>
  </xsl:template>

  <!-- anything that is not an Atom feed is refused, with what was found -->
  <xsl:template match="/*" priority="-1">
    <xsl:sequence select="error(xs:QName('local:not-a-feed'), 'Expected an Atom feed (atom:feed), found ' || name())"/>
  </xsl:template>
</xsl:stylesheet>
