/**
 * What each static host accepts of one deploy, from the host's own documentation: the one table of
 * limits the build plans against (src/site/plan/site-plan.ts) and checks a built site against
 * (src/publish/check-build.ts). Each figure keeps its source and the day it was read beside it.
 */

export const DEPLOY_TARGETS = ['bucket', 'github-pages', 'cloudflare-pages', 'cloudflare-pages-free', 'netlify', 'vercel-hobby'] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

/** A documented limit of one deploy. */
export interface Limit {
  value: number;
  /** Where the figure is stated. */
  source: string;
  /** The day the source was read. */
  read: string;
}

export interface HostLimits {
  /** The host's name as a maintainer knows it. */
  name: string;
  /** Files in one deploy. */
  files?: Limit;
  /** Entries (files and folders) in one folder. */
  folderEntries?: Limit;
  /** Bytes of one file. */
  fileBytes?: Limit;
  /** Bytes of the whole site. */
  totalBytes?: Limit;
}

/**
 * The part of each limit a plan leaves free: more than the estimate's measured error (at most 2.6 %
 * under what a build wrote, docs/deploy.md#the-plans-estimate), and room for a site that grows a
 * little before its next build.
 */
export const MARGIN = 0.05;

const READ = '2026-11-26';
const MB = 1024 * 1024;
const GITHUB = 'https://docs.github.com/en/pages/getting-started-with-github-pages/github-pages-limits';
const CLOUDFLARE = 'https://developers.cloudflare.com/pages/platform/limits/';
const CLOUDFLARE_PAID = 'https://developers.cloudflare.com/changelog/post/2026-01-23-pages-file-limit-increase/';
const NETLIFY = 'https://answers.netlify.com/t/support-guide-netlify-app-builds-and-deploys-limits/ (54,000 files in one directory), as quoted in issue 30';
const VERCEL = 'https://vercel.com/docs/limits (Hobby: 100 MB of static files; 15,000 files per CLI deploy observed, issue 30)';
const S3 = 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/upload-objects.html (one PUT: 5 GB)';

export const HOST_LIMITS: Record<DeployTarget, HostLimits> = {
  bucket: {
    name: 'S3-style bucket behind a CDN',
    fileBytes: { value: 5 * 1024 * MB, source: S3, read: READ },
  },
  'github-pages': {
    name: 'GitHub Pages',
    // "Published GitHub Pages sites may be no larger than 1 GB"; the upload action warns past 1 GB (10^9 bytes would be
    // kinder to the site, 2^30 is what the action compares with: the smaller one is used).
    totalBytes: { value: 1_000_000_000, source: GITHUB, read: READ },
  },
  'cloudflare-pages': {
    name: 'Cloudflare Pages (Workers Paid)',
    files: { value: 100_000, source: CLOUDFLARE_PAID, read: READ },
    fileBytes: { value: 25 * MB, source: CLOUDFLARE, read: READ },
  },
  'cloudflare-pages-free': {
    name: 'Cloudflare Pages (Free)',
    files: { value: 20_000, source: CLOUDFLARE, read: READ },
    fileBytes: { value: 25 * MB, source: CLOUDFLARE, read: READ },
  },
  netlify: {
    name: 'Netlify',
    folderEntries: { value: 54_000, source: NETLIFY, read: READ },
  },
  'vercel-hobby': {
    name: 'Vercel (Hobby)',
    files: { value: 15_000, source: VERCEL, read: READ },
    totalBytes: { value: 100 * 1_000_000, source: VERCEL, read: READ },
  },
};

export type LimitName = 'files' | 'folderEntries' | 'fileBytes' | 'totalBytes';
export const LIMIT_NAMES: readonly LimitName[] = ['files', 'folderEntries', 'fileBytes', 'totalBytes'];

/** A limit with the margin taken off: what a plan aims under. */
export const withMargin = (limit: Limit) => Math.floor(limit.value * (1 - MARGIN));

/** What a built (or planned) site weighs, in the terms hosts limit. */
export interface SiteFigures {
  files: number;
  bytes: number;
  largestFolder: { path: string; entries: number };
  largestFile: { path: string; bytes: number };
}

/** A site's figure that a limit holds. */
export const figureOf: Record<LimitName, (f: SiteFigures) => number> = {
  files: (f) => f.files,
  folderEntries: (f) => f.largestFolder.entries,
  fileBytes: (f) => f.largestFile.bytes,
  totalBytes: (f) => f.bytes,
};

/** Bytes as hosts state them, in decimal megabytes: "1,592 MB", "0.8 MB". */
export const mb = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: bytes < 10_000_000 ? 1 : 0 })} MB`;
const count = (n: number) => n.toLocaleString('en-US');

/** A limit and a figure in words: "files 62,624 of 20,000", "whole site 1,592 MB of 1,000 MB". */
export function describeFigure(name: LimitName, figures: SiteFigures, limit: number): string {
  switch (name) {
    case 'files':
      return `files ${count(figures.files)} of ${count(limit)}`;
    case 'folderEntries':
      return `largest folder ${figures.largestFolder.path}/ ${count(figures.largestFolder.entries)} entries of ${count(limit)}`;
    case 'fileBytes':
      return `largest file ${figures.largestFile.path} ${mb(figures.largestFile.bytes)} of ${mb(limit)}`;
    case 'totalBytes':
      return `whole site ${mb(figures.bytes)} of ${mb(limit)}`;
  }
}

/** A target's limits in words: "files 20,000; one file 26.2 MB". */
export function limitsText(target: DeployTarget): string {
  const limits = HOST_LIMITS[target];
  const words: Record<LimitName, string> = { files: 'files', folderEntries: 'entries in one folder', fileBytes: 'one file', totalBytes: 'whole site' };
  return LIMIT_NAMES.filter((n) => limits[n])
    .map((n) => `${words[n]} ${n.endsWith('Bytes') ? mb(limits[n]!.value) : count(limits[n]!.value)}`)
    .join('; ');
}

/** The limits of `target` that `figures` pass (with `margin` of each taken off), as words; empty when the site fits. */
export function overLimits(target: DeployTarget, figures: SiteFigures, margin = 0): string[] {
  const limits = HOST_LIMITS[target];
  const over: string[] = [];
  for (const name of LIMIT_NAMES) {
    const limit = limits[name];
    if (!limit) continue;
    const allowed = Math.floor(limit.value * (1 - margin));
    if (figureOf[name](figures) > allowed) over.push(describeFigure(name, figures, allowed));
  }
  return over;
}
