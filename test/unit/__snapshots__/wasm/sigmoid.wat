(func $run (param $0 i32) (param $1 i32) (param $2 f32) (param $3 i32) (param $4 i32)
  (local $5 i32) (local $6 f32) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 v128) (local $16 v128) (local $17 v128) (local $18 v128) (local $19 v128) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 v128) (local $25 v128) (local $26 v128) (local $27 v128) (local $28 v128) (local $29 f32) (local $30 f32) (local $31 f32) (local $32 f32) (local $33 f32) (local $34 i32) (local $35 i32)
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
      i32.const 7
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
      local.tee 8
      v128.const f32x4 -104 -104 -104 -104
      f32x4.pmax
      local.tee 9
      v128.const f32x4 89 89 89 89
      f32x4.pmin
      local.tee 10
      local.get 10
      v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
      f32x4.mul
      f32x4.nearest
      local.tee 11
      v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
      f32x4.mul
      f32x4.sub
      local.get 11
      v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
      f32x4.mul
      f32x4.sub
      local.tee 12
      local.get 12
      f32x4.mul
      v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
      local.get 12
      f32x4.mul
      v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
      f32x4.add
      local.get 12
      f32x4.mul
      v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
      f32x4.add
      local.get 12
      f32x4.mul
      v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
      f32x4.add
      local.get 12
      f32x4.mul
      v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
      f32x4.add
      local.get 12
      f32x4.mul
      v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
      f32x4.add
      f32x4.mul
      local.get 12
      f32x4.add
      v128.const f32x4 1 1 1 1
      f32x4.add
      local.get 11
      v128.const f32x4 12582912 12582912 12582912 12582912
      f32x4.add
      v128.const i32x4 1262485504 1262485504 1262485504 1262485504
      i32x4.sub
      local.tee 13
      i32.const 1
      i32x4.shr_s
      local.tee 14
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
      local.get 13
      local.get 14
      i32x4.sub
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
      local.get 7
      f32x4.add
      f32x4.div
      v128.store
      local.get 5
      i32.const 4
      i32.add
      local.set 5
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
      local.tee 15
      v128.const f32x4 -104 -104 -104 -104
      f32x4.pmax
      local.tee 16
      v128.const f32x4 89 89 89 89
      f32x4.pmin
      local.tee 17
      local.get 17
      v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
      f32x4.mul
      f32x4.nearest
      local.tee 18
      v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
      f32x4.mul
      f32x4.sub
      local.get 18
      v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
      f32x4.mul
      f32x4.sub
      local.tee 19
      local.get 19
      f32x4.mul
      v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
      local.get 19
      f32x4.mul
      v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
      f32x4.add
      local.get 19
      f32x4.mul
      v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
      f32x4.add
      local.get 19
      f32x4.mul
      v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
      f32x4.add
      local.get 19
      f32x4.mul
      v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
      f32x4.add
      local.get 19
      f32x4.mul
      v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
      f32x4.add
      f32x4.mul
      local.get 19
      f32x4.add
      v128.const f32x4 1 1 1 1
      f32x4.add
      local.get 18
      v128.const f32x4 12582912 12582912 12582912 12582912
      f32x4.add
      v128.const i32x4 1262485504 1262485504 1262485504 1262485504
      i32x4.sub
      local.tee 20
      i32.const 1
      i32x4.shr_s
      local.tee 21
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
      local.get 20
      local.get 21
      i32x4.sub
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
      local.get 7
      f32x4.add
      f32x4.div
      v128.store
      local.get 5
      i32.const 4
      i32.sub
      local.set 5
      local.get 5
      i32.const 8
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
      local.tee 22
      v128.const f32x4 -104 -104 -104 -104
      f32x4.pmax
      local.tee 23
      v128.const f32x4 89 89 89 89
      f32x4.pmin
      local.tee 24
      local.get 24
      v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
      f32x4.mul
      f32x4.nearest
      local.tee 25
      v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
      f32x4.mul
      f32x4.sub
      local.get 25
      v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
      f32x4.mul
      f32x4.sub
      local.tee 26
      local.get 26
      f32x4.mul
      v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
      local.get 26
      f32x4.mul
      v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
      f32x4.add
      local.get 26
      f32x4.mul
      v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
      f32x4.add
      local.get 26
      f32x4.mul
      v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
      f32x4.add
      local.get 26
      f32x4.mul
      v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
      f32x4.add
      local.get 26
      f32x4.mul
      v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
      f32x4.add
      f32x4.mul
      local.get 26
      f32x4.add
      v128.const f32x4 1 1 1 1
      f32x4.add
      local.get 25
      v128.const f32x4 12582912 12582912 12582912 12582912
      f32x4.add
      v128.const i32x4 1262485504 1262485504 1262485504 1262485504
      i32x4.sub
      local.tee 27
      i32.const 1
      i32x4.shr_s
      local.tee 28
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
      local.get 27
      local.get 28
      i32x4.sub
      v128.const i32x4 127 127 127 127
      i32x4.add
      i32.const 23
      i32x4.shl
      f32x4.mul
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
      f32.const 89
      i32.reinterpret_f32
      f32.const -104
      i32.reinterpret_f32
      local.get 1
      local.get 5
      i32.const 2
      i32.shl
      i32.add
      f32.load
      f32.neg
      local.tee 29
      i32.reinterpret_f32
      local.get 29
      f32.const -104
      f32.lt
      select
      f32.reinterpret_i32
      local.tee 30
      i32.reinterpret_f32
      f32.const 89
      local.get 30
      f32.lt
      select
      f32.reinterpret_i32
      local.tee 31
      local.get 31
      f32.const 1.4426950408889634
      f32.mul
      f32.nearest
      local.tee 32
      f32.const 0.693359375
      f32.mul
      f32.sub
      local.get 32
      f32.const -0.00021219444
      f32.mul
      f32.sub
      local.tee 33
      local.get 33
      f32.mul
      f32.const 0.000198756915
      local.get 33
      f32.mul
      f32.const 0.0013981999507
      f32.add
      local.get 33
      f32.mul
      f32.const 0.0083334519073
      f32.add
      local.get 33
      f32.mul
      f32.const 0.041665795894
      f32.add
      local.get 33
      f32.mul
      f32.const 0.16666665459
      f32.add
      local.get 33
      f32.mul
      f32.const 0.50000001201
      f32.add
      f32.mul
      local.get 33
      f32.add
      f32.const 1
      f32.add
      local.get 32
      f32.const 12582912
      f32.add
      i32.reinterpret_f32
      i32.const 1262485504
      i32.sub
      local.tee 34
      i32.const 1
      i32.shr_s
      local.tee 35
      i32.const 127
      i32.add
      i32.const 23
      i32.shl
      f32.reinterpret_i32
      f32.mul
      local.get 34
      local.get 35
      i32.sub
      i32.const 127
      i32.add
      i32.const 23
      i32.shl
      f32.reinterpret_i32
      f32.mul
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