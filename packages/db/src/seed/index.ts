export { seedDemoIfEmpty } from './demo.ts';
