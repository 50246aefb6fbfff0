/**
 * Builds a tiny but real ONNX image model for the classifier tests:
 * image [1,3,8,8] → GlobalAveragePool → Flatten → MatMul(W) → Softmax → [1,K].
 * W scores each label from the mean R, G, B, so a green photo and an orange photo get different labels.
 */
import onnxPkg from 'onnx-proto';

const { onnx } = onnxPkg as unknown as typeof import('onnx-proto');

export function tinyColourModel(weights: number[][], side = 8): Uint8Array {
  const F = onnx.TensorProto.DataType.FLOAT;
  const INT = onnx.AttributeProto.AttributeType.INT;
  const k = weights[0].length;
  const vi = (name: string, dims: number[]) => ({
    name,
    type: { tensorType: { elemType: F, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'shetmitra-tests',
    graph: {
      name: 'tiny-colour',
      input: [vi('image', [1, 3, side, side])],
      output: [vi('scores', [1, k])],
      initializer: [{ name: 'W', dims: [3, k], dataType: F, floatData: weights.flat() }],
      node: [
        { opType: 'GlobalAveragePool', input: ['image'], output: ['mean'] },
        { opType: 'Flatten', input: ['mean'], output: ['rgb'], attribute: [{ name: 'axis', type: INT, i: 1 }] },
        { opType: 'MatMul', input: ['rgb', 'W'], output: ['logits'] },
        { opType: 'Softmax', input: ['logits'], output: ['scores'], attribute: [{ name: 'axis', type: INT, i: 1 }] },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
