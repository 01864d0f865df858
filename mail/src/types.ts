import type { BackInStockEmailData } from './back-in-stock-data';

export type MailLocale = 'en' | 'ar';

/** One line of an order as the shopper bought it; names are already in the order's language. */
export interface OrderEmailItem {
  name: string;
  /** "250 g · Whole beans", already in the order's language; absent when the product has one form. */
  variation?: string;
  quantity: number;
  unitFils: number;
  lineFils: number;
  imageUrl?: string;
}

/** What the order confirmation shows; read from the database by the activity, never from the browser. */
export interface OrderEmailData {
  orderNumber: string;
  /** ISO timestamp of the order. */
  placedAt: string;
  customerName: string;
  customerPhone: string;
  /** Place names already in the order's language. */
  address: { emirate: string; city: string; line: string };
  paymentMethod: 'COD' | 'STRIPE' | 'TABBY';
  /** The wallet a card payment came through, by name ("Apple Pay"); absent for a card typed in. */
  paymentWallet?: string;
  items: OrderEmailItem[];
  /** Each discount with its own line (a coupon shows its code). */
  discounts: { name: string; code?: string; amountFils: number }[];
  subtotalFils: number;
  discountFils: number;
  shippingFils: number;
  totalFils: number;
  /**
   * The VAT the total includes and the order's rate (docs/vat.md), as stored with the order; rate 0
   * while the store was not VAT-registered (no VAT line then). Absent: the general sentence.
   */
  vatFils?: number;
  vatRateBp?: number;
  /** A link back to the store (the storefront's origin). */
  storeUrl?: string;
  /** The order's signed tracking page (docs/order-tracking.md); absent when no secret was given. */
  trackingUrl?: string;
}

export interface CartRecoveryItem {
  name: string;
  variation?: string;
  quantity: number;
  priceFils: number;
  imageUrl?: string;
}

/** What a status e-mail shows (docs/orders.md): read from the database by the activity. */
export interface OrderStatusEmailData {
  orderNumber: string;
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  placedAt: string;
  customerName: string;
  customerPhone: string;
  address: { emirate: string; city: string; line: string };
  paymentMethod: 'COD' | 'STRIPE' | 'TABBY';
  totalFils: number;
  /** What a cancellation gave back (0 for cash on delivery). */
  refundFils: number;
  storeUrl?: string;
  /** The order's signed tracking page (docs/order-tracking.md). */
  trackingUrl?: string;
  /** The invoice's (or receipt's) download, when it was issued before this e-mail left. */
  invoiceUrl?: string;
}

/** A back-office one-time link (docs/users.md): an invitation or a reset. */
/** A return's e-mail: to the shopper (a decision, expiry, the refund) or to staff (the reminder). */
export interface ReturnEmailData {
  kind: 'approved' | 'rejected' | 'refunded' | 'expired' | 'reminder';
  returnNumber: string;
  orderId: string;
  /** Staff's message with the decision. */
  message?: string | null | undefined;
  /** Until when the goods may arrive (approved). */
  arriveBy?: string | null | undefined;
  refundFils?: number | undefined;
  method?: 'CARD' | 'PAY_LATER' | 'BANK_TRANSFER' | 'STORE_CREDIT' | null | undefined;
  requestedAt?: string | undefined;
  /** The tracking page (shopper) or the back office's return (staff). */
  link?: string | undefined;
}

export interface StaffLinkEmailData {
  purpose: 'invite' | 'reset';
  name: string;
  email: string;
  /** Who invited them or asked for the reset (a name staff recognise). */
  invitedBy: string;
  /** The set-password page with the token in its fragment. */
  url: string;
  /** ISO timestamp when the link stops working. */
  expiresAt: string;
}

/** A change to who administers the store, told to another administrator (docs/users.md). */
export interface AdminChangeEmailData {
  change: 'invited' | 'promoted' | 'demoted' | 'deactivated' | 'reactivated';
  /** The administrator this copy goes to. */
  recipientName: string;
  /** Who made the change. */
  actor: { name: string; email: string };
  /** Whose account changed. */
  account: { name: string; email: string };
  /** ISO timestamp of the change. */
  at: string;
  /** The account's page in the back office. */
  accountUrl: string;
}

export type EmailTemplate =
  | { kind: 'back-in-stock'; alert: BackInStockEmailData }
  | { kind: 'order-confirmation'; order: OrderEmailData }
  | { kind: 'staff-link'; link: StaffLinkEmailData }
  | { kind: 'admin-change'; change: AdminChangeEmailData }
  | { kind: 'order-status'; order: OrderStatusEmailData }
  | { kind: 'return-update'; data: ReturnEmailData }
  /** A new tracking link the shopper asked for (docs/order-tracking.md). */
  | { kind: 'order-tracking-link'; orderNumber: string; trackingUrl: string }
  | {
      kind: 'cart-recovery';
      /** Only a name that came from an order (docs/leads.md); otherwise a neutral greeting. */
      name?: string;
      items: CartRecoveryItem[];
      totalFils: number;
      restoreUrl: string;
      unsubscribeUrl?: string;
    }
  /** No name and no message text: the address is unverified (docs/email.md). */
  | { kind: 'contact-ack'; subject: string }
  | {
      kind: 'contact-staff';
      contact: {
        name: string;
        email: string;
        phone?: string;
        subject: string;
        message: string;
        receivedAt: string;
      };
    }
  | { kind: 'newsletter-confirm'; email: string; confirmUrl: string }
  | { kind: 'newsletter-welcome'; email: string; storeUrl?: string; unsubscribeUrl?: string };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
