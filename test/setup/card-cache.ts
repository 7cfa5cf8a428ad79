/**
 * One folder of rendered link-preview cards for the builds of a test run (MIRROR_TEST_CARD_CACHE: a build takes a
 * card another build of the run rendered from the same inputs, src/publish/extras-worker.ts): the tests build the same
 * fixtures many times, and a card is about 22 ms of CPU (0.8 s of a 12-configuration build's 1.4 s worker). It is in
 * the run's folder of fixture sites, or where MIRROR_TEST_CARD_CACHE already names (`.ci/run`: one folder for its three
 * runs). Set here, in every test process, it reaches the builds a test runs in its own process; test/helpers/env.ts
 * hands it to the processes a test starts with an environment of its own. `npm run bench` never takes it: its stage
 * processes start with an environment of their own (src/dev/bench/stage-process.ts), and the cards' CPU is a figure
 * it measures.
 */
import { join } from 'node:path';
import { inject } from 'vitest';

process.env.MIRROR_TEST_CARD_CACHE ??= join(inject('sitesRoot'), 'card-cache');
