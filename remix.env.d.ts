/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import '@remix-run/node';

declare module '@remix-run/node' {
  // Single fetch is on (remix.config.js): loaders' data is typed as single fetch serializes it.
  interface Future {
    v3_singleFetch: true;
  }
}
