/** Runs before every e2e file: the file holds the app lock shared, so a file that must run alone waits (locks.ts). */
import { holdDuringFile } from './support.ts';

holdDuringFile('app', 'shared');
