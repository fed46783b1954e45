// The parts of facebook-nodejs-business-sdk (shipped without TypeScript types) this integration uses.
declare module "facebook-nodejs-business-sdk" {
  export interface GraphCursor<T> extends Array<T> {
    hasNext(): boolean;
    next(): Promise<GraphCursor<T>>;
    headers?: Record<string, string>;
  }
  export interface GraphObject {
    _data: Record<string, unknown>;
    id: string;
  }
  export class FacebookAdsApi {
    static readonly VERSION: string;
    constructor(accessToken: string, locale?: string, crashLog?: boolean);
    setShowHeader(flag: boolean): this;
    call(
      method: string,
      path: string | string[],
      params?: Record<string, unknown>,
      files?: Record<string, unknown>,
      useMultipartFormData?: boolean,
      urlOverride?: string,
    ): Promise<Record<string, unknown>>;
  }
  export class AbstractCrudObject implements GraphObject {
    _data: Record<string, unknown>;
    _api: FacebookAdsApi;
    id: string;
    constructor(id: string | null, data?: Record<string, unknown>, parentId?: string, api?: FacebookAdsApi);
  }
  export class User extends AbstractCrudObject {
    getAdAccounts(fields: string[], params?: Record<string, unknown>): Promise<GraphCursor<GraphObject>>;
    get(fields: string[], params?: Record<string, unknown>): Promise<User>;
  }
  export class AdAccount extends AbstractCrudObject {
    getInsights(fields: string[], params?: Record<string, unknown>): Promise<GraphCursor<GraphObject>>;
    getInsightsAsync(fields: string[], params?: Record<string, unknown>): Promise<AdReportRun>;
  }
  export class AdReportRun extends AbstractCrudObject {
    get(fields: string[], params?: Record<string, unknown>): Promise<AdReportRun>;
    getInsights(fields: string[], params?: Record<string, unknown>): Promise<GraphCursor<GraphObject>>;
  }
  export class FacebookRequestError extends Error {
    status: number;
    response: Record<string, unknown> | undefined;
    headers?: Record<string, string>;
  }
  const sdk: {
    FacebookAdsApi: typeof FacebookAdsApi;
    User: typeof User;
    AdAccount: typeof AdAccount;
    AdReportRun: typeof AdReportRun;
  };
  export default sdk;
}
