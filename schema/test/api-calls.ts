import type { z } from 'zod';
import { Variation } from '../src/catalogue/product';
import { SessionResponse, UserIdParams, UserResponse } from '../src/contracts/auth';
import { CategoryList } from '../src/contracts/categories';
import { OfferSettings, SiteTexts, SliderList } from '../src/contracts/content';
import {
  AcceptedResponse,
  ContactRequest,
  MessageResponse,
  NewsletterSubscribeRequest,
  ProductViewParams,
} from '../src/contracts/engagement';
import { CartAbandonmentRequest, LeadUpdateRequest } from '../src/contracts/leads';
import { CreateOrderRequest, CreateOrderResponse } from '../src/contracts/orders';
import {
  PayLaterSessionRequest,
  PayLaterSessionResponse,
  PaymentIntentRequest,
  PaymentIntentResponse,
} from '../src/contracts/payments';
import { ProductIdParams, ProductList, ProductListQuery, ProductResponse } from '../src/contracts/products';
import {
  PromotionIdParams,
  PromotionList,
  PromotionListQuery,
  PromotionValidateRequest,
  PromotionValidateResponse,
  PromotionWriteRequest,
} from '../src/contracts/promotions';
import {
  AdminReview,
  AdminReviewList,
  AdminReviewQuery,
  ModerateReviewRequest,
  ProductReviews,
  ProductReviewsParams,
  ProductReviewsQuery,
  ReviewIdParams,
  ReviewReplyRequest,
  ReviewSubmitRequest,
} from '../src/contracts/reviews';
import { ShippingCalculateRequest, ShippingCalculateResponse } from '../src/contracts/shipping';
import {
  SuccessResponse,
  VariationBeansList,
  VariationCreateRequest,
  VariationIdParams,
  VariationList,
  VariationListQuery,
  VariationSizeList,
  VariationTypeList,
  VariationUpdateRequest,
} from '../src/contracts/variations';
import { Promotion } from '../src/promotions/promotion';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success body; errors use `ErrorBody`. */
  response: z.ZodType;
}

/**
 * Every call of SPEC 7 (plus contact and newsletter) with its contracts, for the contract test: the
 * calls are all described, and each body and response is a named, JSON-Schema-convertible schema.
 * The gateway's routes declare their own (the OpenAPI is generated from them); nothing else reads this.
 */
export const API_CALLS = [
  { method: 'GET', path: '/api/auth/session', response: SessionResponse },
  { method: 'GET', path: '/api/users/:id', params: UserIdParams, response: UserResponse },
  {
    method: 'POST',
    path: '/api/shipping/calculate',
    body: ShippingCalculateRequest,
    response: ShippingCalculateResponse,
  },
  {
    method: 'POST',
    path: '/api/promotions/validate',
    body: PromotionValidateRequest,
    response: PromotionValidateResponse,
  },
  { method: 'GET', path: '/api/products', query: ProductListQuery, response: ProductList },
  { method: 'GET', path: '/api/products/:id', params: ProductIdParams, response: ProductResponse },
  { method: 'POST', path: '/api/promotions', body: PromotionWriteRequest, response: Promotion },
  {
    method: 'PATCH',
    path: '/api/promotions/:id',
    params: PromotionIdParams,
    body: PromotionWriteRequest,
    response: Promotion,
  },
  { method: 'GET', path: '/api/promotions', query: PromotionListQuery, response: PromotionList },
  { method: 'GET', path: '/api/content/fomo-offers', response: OfferSettings },
  { method: 'GET', path: '/api/variations/sizes', response: VariationSizeList },
  { method: 'GET', path: '/api/variations/types', response: VariationTypeList },
  { method: 'GET', path: '/api/variations/beans', response: VariationBeansList },
  { method: 'GET', path: '/api/variations/products', query: VariationListQuery, response: VariationList },
  { method: 'POST', path: '/api/variations/products', body: VariationCreateRequest, response: Variation },
  {
    method: 'PUT',
    path: '/api/variations/products/:id',
    params: VariationIdParams,
    body: VariationUpdateRequest,
    response: Variation,
  },
  {
    method: 'DELETE',
    path: '/api/variations/products/:id',
    params: VariationIdParams,
    response: SuccessResponse,
  },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    body: PaymentIntentRequest,
    response: PaymentIntentResponse,
  },
  { method: 'POST', path: '/api/orders', body: CreateOrderRequest, response: CreateOrderResponse },
  {
    method: 'POST',
    path: '/api/payments/tabby',
    body: PayLaterSessionRequest,
    response: PayLaterSessionResponse,
  },
  { method: 'PATCH', path: '/api/leads', body: LeadUpdateRequest, response: SuccessResponse },
  {
    method: 'POST',
    path: '/api/leads/cart-abandonment',
    body: CartAbandonmentRequest,
    response: SuccessResponse,
  },
  // Not shown by SPEC 7 (the contact form and newsletter calls); ours.
  { method: 'POST', path: '/api/contact', body: ContactRequest, response: MessageResponse },
  { method: 'POST', path: '/api/newsletter', body: NewsletterSubscribeRequest, response: MessageResponse },
  // Not shown by SPEC 7 either; ours: the storefront's content, categories, reviews and views.
  { method: 'GET', path: '/api/content/sliders', response: SliderList },
  { method: 'GET', path: '/api/content/texts', response: SiteTexts },
  { method: 'GET', path: '/api/categories', response: CategoryList },
  {
    method: 'GET',
    path: '/api/products/:id/reviews',
    params: ProductReviewsParams,
    query: ProductReviewsQuery,
    response: ProductReviews,
  },
  {
    method: 'POST',
    path: '/api/products/:id/reviews',
    params: ProductReviewsParams,
    body: ReviewSubmitRequest,
    response: MessageResponse,
  },
  {
    method: 'POST',
    path: '/api/products/:id/views',
    params: ProductViewParams,
    response: AcceptedResponse,
  },
  { method: 'GET', path: '/api/admin/reviews', query: AdminReviewQuery, response: AdminReviewList },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/approve',
    params: ReviewIdParams,
    body: ModerateReviewRequest,
    response: AdminReview,
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/reject',
    params: ReviewIdParams,
    body: ModerateReviewRequest,
    response: AdminReview,
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/reply',
    params: ReviewIdParams,
    body: ReviewReplyRequest,
    response: AdminReview,
  },
] as const satisfies readonly ApiCall[];
