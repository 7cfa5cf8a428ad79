/** The API simulator's public surface: start one on loopback, queue faults, read its log and counters. */
export { startSimulator, isLoopbackAddress } from './server.ts';
export { demoKey, TIERS } from './keys.ts';
export { TIER_LIMITS } from './limits.ts';
export { INVALID_JSON_BODY } from './faults.ts';
export { encodeCursor } from './routes.ts';
export type { DetailChurn, LiveOptions, Fault, FaultAction, KeySpec, KeyUsageView, RequestLogEntry, Simulator, SimulatorOptions, Tier } from './types.ts';
