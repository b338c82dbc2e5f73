import { describe, expect, it } from 'vitest';
import {
  postbackChecksum,
  PostbackRejectedError,
  verifyPostback,
} from '../../../server/services/brokers/kite/postback.ts';
import { kiteMock } from './kite-support.ts';

// The secret behind Kite's documented sample postback (its checksum is SHA-256 of
// "220303000308932" + "2022-03-03 09:24:25" + this), as recovered by other Kite client libraries' tests.
const sampleSecret = '0hdv7iw5examplesecret';

describe('Kite postbacks', () => {
  it("accepts Zerodha's sample postback with its secret and reads the order", () => {
    const update = verifyPostback(kiteMock('postback.json'), sampleSecret);
    expect(update).toMatchObject({
      order_id: '220303000308932',
      status: 'COMPLETE',
      transaction_type: 'BUY',
      filled_quantity: 1,
      average_price: 470,
      user_id: 'AB1234',
      unfilled_quantity: 0,
      app_id: 1234,
      tag: null,
    });
  });

  it('refuses the same body checked against another secret', () => {
    expect(() => verifyPostback(kiteMock('postback.json'), 'another-secret')).toThrow(PostbackRejectedError);
  });

  it('refuses a body whose order was changed after signing, and a forged checksum', () => {
    const body = JSON.parse(kiteMock('postback.json'));
    const tampered = JSON.stringify({ ...body, order_id: '220303000308933' });
    expect(() => verifyPostback(tampered, sampleSecret)).toThrow(expect.objectContaining({ reason: 'checksum_mismatch' }));
    const forged = JSON.stringify({ ...body, checksum: postbackChecksum(body.order_id, body.order_timestamp, 'guessed') });
    expect(() => verifyPostback(forged, sampleSecret)).toThrow(expect.objectContaining({ reason: 'checksum_mismatch' }));
    expect(() => verifyPostback(JSON.stringify({ ...body, checksum: 'ab' }), sampleSecret)).toThrow(PostbackRejectedError);
  });

  it('accepts a checksum written in capitals (hex is hex)', () => {
    const body = JSON.parse(kiteMock('postback.json'));
    expect(verifyPostback(JSON.stringify({ ...body, checksum: body.checksum.toUpperCase() }), sampleSecret).order_id).toBe('220303000308932');
  });

  it('refuses what is not a postback', () => {
    expect(() => verifyPostback('not json', sampleSecret)).toThrow(expect.objectContaining({ reason: 'malformed' }));
    expect(() => verifyPostback('{"order_id":"1"}', sampleSecret)).toThrow(expect.objectContaining({ reason: 'malformed' }));
    const body = JSON.parse(kiteMock('postback.json'));
    const signedButEmpty = { order_id: '1', order_timestamp: 't', checksum: postbackChecksum('1', 't', sampleSecret) };
    expect(() => verifyPostback(JSON.stringify(signedButEmpty), sampleSecret)).toThrow(expect.objectContaining({ reason: 'malformed' }));
    expect(body.checksum).toBe(postbackChecksum(body.order_id, body.order_timestamp, sampleSecret));
  });
});
