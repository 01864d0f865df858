// One folder per aggregate (docs/operations.md "The database package"); each folder's index is its public face.
export * from './audit';
export * from './back-in-stock';
export * from './catalogue';
export * from './content';
export * from './crm';
export * from './customers';
export * from './dashboard';
export * from './leads';
export * from './operations';
export * from './orders';
export * from './payments';
export * from './promotions';
export * from './returns';
export * from './settings';
export * from './shipping';
export * from './staff';
export * from './subscriptions';
