(func $run (param $0 i32) (param $1 i32) (param $2 f32) (param $3 i32) (param $4 i32)
  (local $5 i32) (local $6 f32) (local $7 v128) (local $8 f32) (local $9 v128) (local $10 f32) (local $11 v128) (local $12 f32) (local $13 v128) (local $14 f32) (local $15 v128) (local $16 f32) (local $17 v128) (local $18 f32) (local $19 v128) (local $20 f32) (local $21 v128) (local $22 f32) (local $23 v128) (local $24 f32) (local $25 v128) (local $26 f32) (local $27 v128) (local $28 f32) (local $29 v128) (local $30 i32) (local $31 v128) (local $32 i32) (local $33 v128) (local $34 i32) (local $35 v128) (local $36 i32) (local $37 v128) (local $38 i32) (local $39 v128) (local $40 i32) (local $41 v128) (local $42 f32) (local $43 v128) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 f32) (local $66 f32) (local $67 f32) (local $68 f32) (local $69 f32) (local $70 i32) (local $71 i32)
  f32.const 0.008369148708879948
  local.set 6
  local.get 6
  f32x4.splat
  local.set 7
  f32.const 89
  local.set 8
  local.get 8
  f32x4.splat
  local.set 9
  f32.const -104
  local.set 10
  local.get 10
  f32x4.splat
  local.set 11
  f32.const 1.4426950408889634
  local.set 12
  local.get 12
  f32x4.splat
  local.set 13
  f32.const 0.693359375
  local.set 14
  local.get 14
  f32x4.splat
  local.set 15
  f32.const -0.00021219444
  local.set 16
  local.get 16
  f32x4.splat
  local.set 17
  f32.const 0.041917506605386734
  local.set 18
  local.get 18
  f32x4.splat
  local.set 19
  f32.const 0.16666504740715027
  local.set 20
  local.get 20
  f32x4.splat
  local.set 21
  f32.const 0.49998870491981506
  local.set 22
  local.get 22
  f32x4.splat
  local.set 23
  f32.const 1
  local.set 24
  local.get 24
  f32x4.splat
  local.set 25
  f32.const 1.0000001192092896
  local.set 26
  local.get 26
  f32x4.splat
  local.set 27
  f32.const 12582912
  local.set 28
  local.get 28
  f32x4.splat
  local.set 29
  i32.const 1262485504
  local.set 30
  local.get 30
  i32x4.splat
  local.set 31
  i32.const 1
  local.set 32
  local.get 32
  i32x4.splat
  local.set 33
  i32.const 127
  local.set 34
  local.get 34
  i32x4.splat
  local.set 35
  i32.const 23
  local.set 36
  local.get 36
  i32x4.splat
  local.set 37
  i32.const 127
  local.set 38
  local.get 38
  i32x4.splat
  local.set 39
  i32.const 23
  local.set 40
  local.get 40
  i32x4.splat
  local.set 41
  local.get 2
  local.set 42
  local.get 42
  f32x4.splat
  local.set 43
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
      local.get 7
      local.get 1
      i32.const 0
      local.get 5
      i32.add
      i32.const 2
      i32.shl
      i32.add
      v128.load
      f32x4.neg
      local.tee 44
      local.get 11
      f32x4.pmax
      local.tee 45
      local.get 9
      f32x4.pmin
      local.tee 46
      local.get 46
      local.get 13
      f32x4.mul
      f32x4.nearest
      local.tee 47
      local.get 15
      f32x4.mul
      f32x4.sub
      local.get 47
      local.get 17
      f32x4.mul
      f32x4.sub
      local.tee 48
      f32x4.mul
      local.get 19
      f32x4.add
      local.get 48
      f32x4.mul
      local.get 21
      f32x4.add
      local.get 48
      f32x4.mul
      local.get 23
      f32x4.add
      local.get 48
      f32x4.mul
      local.get 25
      f32x4.add
      local.get 48
      f32x4.mul
      local.get 27
      f32x4.add
      local.get 47
      local.get 29
      f32x4.add
      local.get 31
      i32x4.sub
      local.tee 49
      local.get 32
      i32x4.shr_s
      local.tee 50
      local.get 35
      i32x4.add
      local.get 36
      i32x4.shl
      f32x4.mul
      local.get 49
      local.get 50
      i32x4.sub
      local.get 39
      i32x4.add
      local.get 40
      i32x4.shl
      f32x4.mul
      local.get 43
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
      local.get 7
      local.get 1
      i32.const 0
      local.get 5
      i32.add
      i32.const 2
      i32.shl
      i32.add
      v128.load
      f32x4.neg
      local.tee 51
      local.get 11
      f32x4.pmax
      local.tee 52
      local.get 9
      f32x4.pmin
      local.tee 53
      local.get 53
      local.get 13
      f32x4.mul
      f32x4.nearest
      local.tee 54
      local.get 15
      f32x4.mul
      f32x4.sub
      local.get 54
      local.get 17
      f32x4.mul
      f32x4.sub
      local.tee 55
      f32x4.mul
      local.get 19
      f32x4.add
      local.get 55
      f32x4.mul
      local.get 21
      f32x4.add
      local.get 55
      f32x4.mul
      local.get 23
      f32x4.add
      local.get 55
      f32x4.mul
      local.get 25
      f32x4.add
      local.get 55
      f32x4.mul
      local.get 27
      f32x4.add
      local.get 54
      local.get 29
      f32x4.add
      local.get 31
      i32x4.sub
      local.tee 56
      local.get 32
      i32x4.shr_s
      local.tee 57
      local.get 35
      i32x4.add
      local.get 36
      i32x4.shl
      f32x4.mul
      local.get 56
      local.get 57
      i32x4.sub
      local.get 39
      i32x4.add
      local.get 40
      i32x4.shl
      f32x4.mul
      local.get 43
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
      local.get 7
      local.get 1
      i32.const 0
      local.get 5
      i32.add
      i32.const 2
      i32.shl
      i32.add
      v128.load
      f32x4.neg
      local.tee 58
      local.get 11
      f32x4.pmax
      local.tee 59
      local.get 9
      f32x4.pmin
      local.tee 60
      local.get 60
      local.get 13
      f32x4.mul
      f32x4.nearest
      local.tee 61
      local.get 15
      f32x4.mul
      f32x4.sub
      local.get 61
      local.get 17
      f32x4.mul
      f32x4.sub
      local.tee 62
      f32x4.mul
      local.get 19
      f32x4.add
      local.get 62
      f32x4.mul
      local.get 21
      f32x4.add
      local.get 62
      f32x4.mul
      local.get 23
      f32x4.add
      local.get 62
      f32x4.mul
      local.get 25
      f32x4.add
      local.get 62
      f32x4.mul
      local.get 27
      f32x4.add
      local.get 61
      local.get 29
      f32x4.add
      local.get 31
      i32x4.sub
      local.tee 63
      local.get 32
      i32x4.shr_s
      local.tee 64
      local.get 35
      i32x4.add
      local.get 36
      i32x4.shl
      f32x4.mul
      local.get 63
      local.get 64
      i32x4.sub
      local.get 39
      i32x4.add
      local.get 40
      i32x4.shl
      f32x4.mul
      local.get 43
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
      local.get 6
      local.get 8
      local.get 10
      local.get 1
      local.get 5
      i32.const 2
      i32.shl
      i32.add
      f32.load
      f32.neg
      local.tee 65
      local.get 65
      local.get 10
      f32.lt
      select
      local.tee 66
      local.get 8
      local.get 66
      f32.lt
      select
      local.tee 67
      local.get 67
      local.get 12
      f32.mul
      f32.nearest
      local.tee 68
      local.get 14
      f32.mul
      f32.sub
      local.get 68
      local.get 16
      f32.mul
      f32.sub
      local.tee 69
      f32.mul
      local.get 18
      f32.add
      local.get 69
      f32.mul
      local.get 20
      f32.add
      local.get 69
      f32.mul
      local.get 22
      f32.add
      local.get 69
      f32.mul
      local.get 24
      f32.add
      local.get 69
      f32.mul
      local.get 26
      f32.add
      local.get 68
      local.get 28
      f32.add
      i32.reinterpret_f32
      local.get 30
      i32.sub
      local.tee 70
      local.get 32
      i32.shr_s
      local.tee 71
      local.get 34
      i32.add
      local.get 36
      i32.shl
      f32.reinterpret_i32
      f32.mul
      local.get 70
      local.get 71
      i32.sub
      local.get 38
      i32.add
      local.get 40
      i32.shl
      f32.reinterpret_i32
      f32.mul
      local.get 42
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