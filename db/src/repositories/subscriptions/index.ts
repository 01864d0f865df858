export * from './cycles';
export * from './subscriptions';
