// One clock for every package: core's. Re-exported here so the client's modules keep one import path.
export { type Clock, systemClock, timerSleep } from '@elicitkit/core';
