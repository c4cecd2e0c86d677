#!/usr/bin/env python3
"""The fetch path of the Python reference client's first baseline (`resync-sync --baseline`), for
FarSourceBenchmark --reference when the whole client cannot be installed. It is NOT the resync client: it fetches
through resync 2.0.1's own `resync.url_or_file_open` (urllib, a new connection per request, `Connection: close`)
in the client's order: the Capability List, the Resource List (or its index's lists), then each resource one after
another, written to DIR + its path under BASE with its mtime set to its lastmod. What it leaves out (resync's
sitemap parser, the scan of the empty destination, logging) costs well under a millisecond per resource.
Needs resync 2.0.1 importable (`pip install resync==2.0.1`). Usage: resync-fetch-path.py CAPABILITYLIST BASE DIR
"""
import calendar, os, sys, time, xml.etree.ElementTree as ET
from urllib.parse import urljoin
from resync.url_or_file_open import url_or_file_open

SM = '{http://www.sitemaps.org/schemas/sitemap/0.9}'
RS = '{http://www.openarchives.org/rs/terms/}'

def read(uri):
    with url_or_file_open(uri) as r:
        return ET.parse(r).getroot()

def main(cl_uri, base, dst):
    cl = read(cl_uri)
    rl_uri = None
    for url in cl.iter(SM + 'url'):
        md = url.find(RS + 'md')
        if md is not None and md.get('capability') == 'resourcelist':
            rl_uri = urljoin(cl_uri, url.find(SM + 'loc').text.strip())
    root = read(rl_uri)
    lists = [rl_uri]
    if root.tag == SM + 'sitemapindex':
        lists = [urljoin(rl_uri, s.find(SM + 'loc').text.strip()) for s in root.iter(SM + 'sitemap')]
        roots = [read(u) for u in lists]
    else:
        roots = [root]
    prefix = base.rstrip('/') + '/'
    n = 0
    for r in roots:
        for url in r.iter(SM + 'url'):
            uri = url.find(SM + 'loc').text.strip()
            lastmod = url.find(SM + 'lastmod')
            filename = os.path.join(dst, uri[len(prefix):])
            os.makedirs(os.path.dirname(filename), exist_ok=True)
            with url_or_file_open(uri) as resp, open(filename, 'wb') as fd:
                while True:
                    chunk = resp.read(1024)
                    if not chunk:
                        break
                    fd.write(chunk)
            if lastmod is not None:
                t = lastmod.text.strip().replace('Z', '+00:00')
                ts = calendar.timegm(time.strptime(t[:19], '%Y-%m-%dT%H:%M:%S'))
                os.utime(filename, (ts, ts))
            n += 1
    print('fetched %d resources' % n)

if __name__ == '__main__':
    main(*sys.argv[1:4])
