(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32)
  (local $6 i32) (local $7 i32) (local $8 i32) (local $9 i32) (local $10 i32) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 v128) (local $16 v128) (local $17 v128) (local $18 v128) (local $19 v128) (local $20 f32) (local $21 f32) (local $22 f32) (local $23 f32) (local $24 f32) (local $25 f32) (local $26 f32) (local $27 f32) (local $28 f32) (local $29 f32) (local $30 f32) (local $31 f32) (local $32 f32)
  local.get 4
  local.set 6
  block
    loop
      local.get 6
      local.get 5
      i32.ge_s
      br_if 1
      local.get 6
      i32.const 64
      i32.mul
      local.set 8
      local.get 6
      i32.const 64
      i32.mul
      local.set 9
      local.get 6
      i32.const 64
      i32.mul
      local.set 10
      i32.const 0
      local.set 7
      block
        loop
          local.get 7
          i32.const 3
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 10
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.set 11
          local.get 11
          local.tee 12
          v128.const f32x4 1 1 1 1
          local.get 12
          local.get 12
          f32x4.mul
          local.tee 13
          v128.const f32x4 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333
          local.get 13
          v128.const f32x4 0.13333333333333333 0.13333333333333333 0.13333333333333333 0.13333333333333333
          local.get 13
          v128.const f32x4 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397
          local.get 13
          v128.const f32x4 0.021869488536155203 0.021869488536155203 0.021869488536155203 0.021869488536155203
          local.get 13
          v128.const f32x4 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197
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
          v128.const f32x4 1 1 1 1
          v128.const f32x4 2 2 2 2
          local.get 12
          f32x4.abs
          local.tee 14
          v128.const f32x4 2 2 2 2
          f32x4.mul
          local.tee 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 Infinity Infinity Infinity Infinity
          v128.const f32x4 1 1 1 1
          local.get 15
          v128.const f32x4 -87.33654 -87.33654 -87.33654 -87.33654
          f32x4.pmax
          v128.const f32x4 88.72284 88.72284 88.72284 88.72284
          f32x4.pmin
          local.tee 16
          local.get 16
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          local.tee 17
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.sub
          local.tee 18
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 18
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 19
          v128.const f32x4 1 1 1 1
          local.get 19
          v128.const f32x4 0.5 0.5 0.5 0.5
          local.get 19
          v128.const f32x4 0.16666666666666666 0.16666666666666666 0.16666666666666666 0.16666666666666666
          local.get 19
          v128.const f32x4 0.041666666666666664 0.041666666666666664 0.041666666666666664 0.041666666666666664
          local.get 19
          v128.const f32x4 0.008333333333333333 0.008333333333333333 0.008333333333333333 0.008333333333333333
          local.get 19
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
          local.get 17
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          i32.const 23
          i32x4.shl
          i32x4.add
          local.get 15
          v128.const f32x4 88.72283 88.72283 88.72283 88.72283
          f32x4.gt
          v128.bitselect
          local.get 15
          v128.const f32x4 -87.33654 -87.33654 -87.33654 -87.33654
          f32x4.lt
          v128.bitselect
          local.get 15
          local.get 15
          f32x4.ne
          v128.bitselect
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 12
          v128.const i32x4 -2147483648 -2147483648 -2147483648 -2147483648
          v128.and
          v128.or
          local.get 14
          v128.const f32x4 0.3 0.3 0.3 0.3
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 7
      local.set 7
      block
        loop
          local.get 7
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 2
          local.get 7
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.mul
          local.get 3
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.add
          local.set 20
          local.get 20
          local.tee 21
          f32.const 1
          local.get 21
          local.get 21
          f32.mul
          local.tee 22
          f32.const -0.3333333333333333
          local.get 22
          f32.const 0.13333333333333333
          local.get 22
          f32.const -0.05396825396825397
          local.get 22
          f32.const 0.021869488536155203
          local.get 22
          f32.const -0.008863235529902197
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
          f32.const 1
          f32.const 2
          local.get 21
          f32.abs
          local.tee 23
          f32.const 2
          f32.mul
          local.tee 24
          f32.const 0
          f32.const Infinity
          f32.const 1
          local.get 24
          local.set 27
          f32.const -87.33654
          local.set 28
          local.get 28
          local.get 27
          local.get 27
          local.get 28
          f32.lt
          select
          local.set 25
          f32.const 88.72284
          local.set 26
          local.get 26
          local.get 25
          local.get 26
          local.get 25
          f32.lt
          select
          local.tee 29
          local.get 29
          f32.const 1.4426950408889634
          f32.mul
          f32.const 12582912
          f32.add
          local.tee 30
          f32.const 12582912
          f32.sub
          local.tee 31
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 31
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 32
          f32.const 1
          local.get 32
          f32.const 0.5
          local.get 32
          f32.const 0.16666666666666666
          local.get 32
          f32.const 0.041666666666666664
          local.get 32
          f32.const 0.008333333333333333
          local.get 32
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
          local.get 30
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          i32.const 23
          i32.shl
          i32.add
          f32.reinterpret_i32
          local.get 24
          f32.const 88.72283
          f32.gt
          select
          local.get 24
          f32.const -87.33654
          f32.lt
          select
          local.get 24
          local.get 24
          f32.ne
          select
          f32.const 1
          f32.add
          f32.div
          f32.sub
          i32.reinterpret_f32
          local.get 21
          i32.reinterpret_f32
          i32.const -2147483648
          i32.and
          i32.or
          f32.reinterpret_i32
          local.get 23
          f32.const 0.3
          f32.lt
          select
          f32.store
          local.get 7
          i32.const 1
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 6
      i32.const 1
      i32.add
      local.set 6
      br 0
    end
  end
)