import { setupServer } from 'msw/node';

/**
 * The API as component tests see it: each test answers the requests its component makes (`network.use(...)`), in
 * the contracts' shapes; a request nobody answers fails the test's fetch and is reported, so a component never
 * reaches a real server.
 */
export const network = setupServer();
