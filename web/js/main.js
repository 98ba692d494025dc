// The page's entry point (index.html loads it): starts the board.

import { start } from './app.js';

start();
