export { seedDemoIfEmpty } from './demo.ts';
export { createOperatorStore, type OperatorStoreInput } from './operator.ts';
