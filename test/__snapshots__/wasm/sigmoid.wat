(func $run (param $0 i32) (param $1 i32) (param $2 f32) (param $3 i32) (param $4 i32)
  (local $5 i32) (local $6 f32) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 f32) (local $19 f32) (local $20 f32) (local $21 f32) (local $22 f32) (local $23 f32)
  local.get 2
  local.set 6
  local.get 6
  f32x4.splat
  local.set 7
  local.get 3
  local.set 5
  block
    loop
      local.get 5
      i32.const 3
      i32.add
      local.get 4
      i32.ge_s
      br_if 1
      local.get 0
      i32.const 0
      local.get 5
      i32.add
      i32.const 2
      i32.shl
      i32.add
      f32.const 1
      f32x4.splat
      local.get 1
      i32.const 0
      local.get 5
      i32.add
      i32.const 2
      i32.shl
      i32.add
      v128.load
      f32x4.neg
      local.set 8
      local.get 8
      local.tee 9
      v128.const f32x4 0 0 0 0
      v128.const f32x4 Infinity Infinity Infinity Infinity
      v128.const f32x4 1 1 1 1
      local.get 9
      v128.const f32x4 -87.33654 -87.33654 -87.33654 -87.33654
      f32x4.pmax
      v128.const f32x4 88.72284 88.72284 88.72284 88.72284
      f32x4.pmin
      local.tee 10
      local.get 10
      v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
      f32x4.mul
      v128.const f32x4 12582912 12582912 12582912 12582912
      f32x4.add
      local.tee 11
      v128.const f32x4 12582912 12582912 12582912 12582912
      f32x4.sub
      local.tee 12
      v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
      f32x4.mul
      f32x4.sub
      local.get 12
      v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
      f32x4.mul
      f32x4.sub
      local.tee 13
      v128.const f32x4 1 1 1 1
      local.get 13
      v128.const f32x4 0.5 0.5 0.5 0.5
      local.get 13
      v128.const f32x4 0.16666666666666666 0.16666666666666666 0.16666666666666666 0.16666666666666666
      local.get 13
      v128.const f32x4 0.041666666666666664 0.041666666666666664 0.041666666666666664 0.041666666666666664
      local.get 13
      v128.const f32x4 0.008333333333333333 0.008333333333333333 0.008333333333333333 0.008333333333333333
      local.get 13
      v128.const f32x4 0.001388888888888889 0.001388888888888889 0.001388888888888889 0.001388888888888889
      f32x4.mul
      f32x4.add
      f32x4.mul
      f32x4.add
      f32x4.mul
      f32x4.add
      f32x4.mul
      f32x4.add
      f32x4.mul
      f32x4.add
      f32x4.mul
      f32x4.add
      local.get 11
      v128.const i32x4 1262485504 1262485504 1262485504 1262485504
      i32x4.sub
      i32.const 23
      i32x4.shl
      i32x4.add
      local.get 9
      v128.const f32x4 88.72283 88.72283 88.72283 88.72283
      f32x4.gt
      v128.bitselect
      local.get 9
      v128.const f32x4 -87.33654 -87.33654 -87.33654 -87.33654
      f32x4.lt
      v128.bitselect
      local.get 9
      local.get 9
      f32x4.ne
      v128.bitselect
      local.get 7
      f32x4.add
      f32x4.div
      v128.store
      local.get 5
      i32.const 4
      i32.add
      local.set 5
      br 0
    end
  end
  local.get 5
  local.set 5
  block
    loop
      local.get 5
      local.get 4
      i32.ge_s
      br_if 1
      local.get 0
      local.get 5
      i32.const 2
      i32.shl
      i32.add
      f32.const 1
      local.get 1
      local.get 5
      i32.const 2
      i32.shl
      i32.add
      f32.load
      f32.neg
      local.set 14
      local.get 14
      local.tee 15
      f32.const 0
      f32.const Infinity
      f32.const 1
      local.get 15
      local.set 18
      f32.const -87.33654
      local.set 19
      local.get 19
      local.get 18
      local.get 18
      local.get 19
      f32.lt
      select
      local.set 16
      f32.const 88.72284
      local.set 17
      local.get 17
      local.get 16
      local.get 17
      local.get 16
      f32.lt
      select
      local.tee 20
      local.get 20
      f32.const 1.4426950408889634
      f32.mul
      f32.const 12582912
      f32.add
      local.tee 21
      f32.const 12582912
      f32.sub
      local.tee 22
      f32.const 0.693359375
      f32.mul
      f32.sub
      local.get 22
      f32.const -0.00021219444
      f32.mul
      f32.sub
      local.tee 23
      f32.const 1
      local.get 23
      f32.const 0.5
      local.get 23
      f32.const 0.16666666666666666
      local.get 23
      f32.const 0.041666666666666664
      local.get 23
      f32.const 0.008333333333333333
      local.get 23
      f32.const 0.001388888888888889
      f32.mul
      f32.add
      f32.mul
      f32.add
      f32.mul
      f32.add
      f32.mul
      f32.add
      f32.mul
      f32.add
      f32.mul
      f32.add
      i32.reinterpret_f32
      local.get 21
      i32.reinterpret_f32
      i32.const 1262485504
      i32.sub
      i32.const 23
      i32.shl
      i32.add
      f32.reinterpret_i32
      local.get 15
      f32.const 88.72283
      f32.gt
      select
      local.get 15
      f32.const -87.33654
      f32.lt
      select
      local.get 15
      local.get 15
      f32.ne
      select
      local.get 6
      f32.add
      f32.div
      f32.store
      local.get 5
      i32.const 1
      i32.add
      local.set 5
      br 0
    end
  end
)