#!/bin/sh
# Uploads dist/ to an S3-compatible bucket (served by its website endpoint or a CDN in front of it)
# with the cache lifetimes public/_headers gives Netlify and Cloudflare Pages, one `aws s3 sync` per
# lifetime. The AWS CLI sets each file's Content-Type from its extension (text/html, application/json,
# text/csv, application/xml, image/svg+xml, image/png); the pages declare UTF-8 themselves. A bucket
# serves no _headers: set the security headers (Content-Security-Policy and the rest) in the CDN.
#
#   BUCKET=s3://my-mirror sh deploy/bucket-sync.sh [dist]
#
# Other providers: the same lifetimes by path (gsutil -h "Cache-Control:...", rclone --header-upload).
set -eu
dist=${1:-dist}
: "${BUCKET:?set BUCKET to the bucket, for example s3://my-mirror}"
sync() { aws s3 sync "$dist" "$BUCKET" --exclude '*' "$@"; }

# Hashed build output: a new build gets new names.
sync --include '_astro/*' --cache-control 'public, max-age=31536000, immutable'
# Downloads, the site-wide feed and what crawlers read: an hour.
sync --include 'data/*' --include 'changes/feed.xml' --include 'sitemap-*' --include 'robots.txt' \
  --cache-control 'public, max-age=3600'
# Link previews and icons: a day.
sync --include 'og/*' --include 'favicon.*' --cache-control 'public, max-age=86400'
# Everything else (pages, a model's or tag's feed and badge, the search index): five minutes, then revalidate.
sync --include '*' --exclude '_astro/*' --exclude 'data/*' --exclude 'changes/feed.xml' --exclude 'sitemap-*' \
  --exclude 'robots.txt' --exclude 'og/*' --exclude 'favicon.*' --exclude '_headers' --exclude '_redirects' \
  --cache-control 'public, max-age=300, must-revalidate' --delete
