// Tests run with their own Redis key prefix and never the demo data.
process.env.NODE_ENV = 'test';
process.env.REDIS_PREFIX ??= `test-${process.pid}`;
process.env.SEED_DEMO_DATA = 'off';
