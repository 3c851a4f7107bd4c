(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32) (local $5 i32) (local $6 i32) (local $7 i32) (local $8 f32) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 i32) (local $15 v128) (local $16 v128) (local $17 v128) (local $18 v128) (local $19 f32) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 i32) (local $25 f32) (local $26 v128) (local $27 i32) (local $28 v128) (local $29 v128) (local $30 v128) (local $31 v128) (local $32 v128) (local $33 v128) (local $34 v128) (local $35 v128) (local $36 v128) (local $37 v128) (local $38 v128) (local $39 v128) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 v128) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 f32) (local $61 f32) (local $62 f32) (local $63 f32) (local $64 f32) (local $65 f32) (local $66 i32) (local $67 i32) (local $68 f32) (local $69 v128) (local $70 i32)
  local.get 2
  local.set 4
  block
    loop
      local.get 4
      local.get 3
      i32.ge_s
      br_if 1
      f32.const -Infinity
      local.set 8
      f32.const -Infinity
      f32x4.splat
      local.set 9
      f32.const -Infinity
      f32x4.splat
      local.set 10
      f32.const -Infinity
      f32x4.splat
      local.set 11
      f32.const -Infinity
      f32x4.splat
      local.set 12
      v128.const i32x4 0 0 0 0
      local.set 13
      local.get 4
      i32.const 64
      i32.mul
      local.set 14
      i32.const 0
      local.set 6
      block
        loop
          local.get 6
          i32.const 15
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 1
          local.get 14
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.tee 15
          local.get 15
          f32x4.ne
          local.get 13
          v128.or
          local.set 13
          local.get 9
          local.get 15
          f32x4.pmax
          local.set 9
          local.get 6
          i32.const 4
          i32.add
          local.set 6
          local.get 1
          local.get 14
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.tee 16
          local.get 16
          f32x4.ne
          local.get 13
          v128.or
          local.set 13
          local.get 10
          local.get 16
          f32x4.pmax
          local.set 10
          local.get 6
          i32.const 4
          i32.add
          local.set 6
          local.get 1
          local.get 14
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.tee 17
          local.get 17
          f32x4.ne
          local.get 13
          v128.or
          local.set 13
          local.get 11
          local.get 17
          f32x4.pmax
          local.set 11
          local.get 6
          i32.const 4
          i32.add
          local.set 6
          local.get 1
          local.get 14
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.tee 18
          local.get 18
          f32x4.ne
          local.get 13
          v128.or
          local.set 13
          local.get 12
          local.get 18
          f32x4.pmax
          local.set 12
          local.get 6
          i32.const 12
          i32.sub
          local.set 6
          local.get 6
          i32.const 16
          i32.add
          local.set 6
          br 0
        end
      end
      local.get 6
      local.set 6
      block
        loop
          local.get 6
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 8
          local.get 1
          local.get 4
          i32.const 64
          i32.mul
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.max
          local.set 8
          local.get 6
          i32.const 1
          i32.add
          local.set 6
          br 0
        end
      end
      local.get 9
      local.get 10
      f32x4.max
      local.get 11
      local.get 12
      f32x4.max
      f32x4.max
      local.set 9
      local.get 8
      local.get 9
      f32x4.extract_lane 0
      f32.max
      local.set 8
      local.get 8
      local.get 9
      f32x4.extract_lane 1
      f32.max
      local.set 8
      local.get 8
      local.get 9
      f32x4.extract_lane 2
      f32.max
      local.set 8
      local.get 8
      local.get 9
      f32x4.extract_lane 3
      f32.max
      local.set 8
      f32.const NaN
      local.get 8
      local.get 13
      v128.any_true
      select
      local.set 8
      f32.const 0
      local.set 19
      f32.const 0
      f32x4.splat
      local.set 20
      f32.const 0
      f32x4.splat
      local.set 21
      f32.const 0
      f32x4.splat
      local.set 22
      f32.const 0
      f32x4.splat
      local.set 23
      local.get 4
      i32.const 64
      i32.mul
      local.set 24
      local.get 8
      local.set 25
      local.get 25
      f32x4.splat
      local.set 26
      local.get 4
      i32.const 64
      i32.mul
      local.set 27
      i32.const 0
      local.set 7
      block
        loop
          local.get 7
          i32.const 15
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 27
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 24
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 26
          f32x4.sub
          local.tee 29
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 30
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 31
          local.get 31
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 32
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 32
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 33
          local.get 33
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 33
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 33
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 33
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 33
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 33
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 33
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 32
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 34
          i32.const 1
          i32x4.shr_s
          local.tee 35
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 34
          local.get 35
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.tee 28
          v128.store
          local.get 20
          local.get 28
          f32x4.add
          local.set 20
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 27
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 24
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 26
          f32x4.sub
          local.tee 37
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 38
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 39
          local.get 39
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 40
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 40
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 41
          local.get 41
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 41
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 41
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 41
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 41
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 41
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 41
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 40
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 42
          i32.const 1
          i32x4.shr_s
          local.tee 43
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 42
          local.get 43
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.tee 36
          v128.store
          local.get 21
          local.get 36
          f32x4.add
          local.set 21
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 27
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 24
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 26
          f32x4.sub
          local.tee 45
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 46
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 47
          local.get 47
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 48
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 48
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 49
          local.get 49
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 49
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 49
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 49
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 49
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 49
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 49
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 48
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 50
          i32.const 1
          i32x4.shr_s
          local.tee 51
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 50
          local.get 51
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.tee 44
          v128.store
          local.get 22
          local.get 44
          f32x4.add
          local.set 22
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 27
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 24
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 26
          f32x4.sub
          local.tee 53
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 54
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 55
          local.get 55
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 56
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 56
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 57
          local.get 57
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 57
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 57
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 57
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 57
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 57
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 57
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 56
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 58
          i32.const 1
          i32x4.shr_s
          local.tee 59
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 58
          local.get 59
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.tee 52
          v128.store
          local.get 23
          local.get 52
          f32x4.add
          local.set 23
          local.get 7
          i32.const 12
          i32.sub
          local.set 7
          local.get 7
          i32.const 16
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
          local.get 4
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 89
          i32.reinterpret_f32
          f32.const -104
          i32.reinterpret_f32
          local.get 1
          local.get 4
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 25
          f32.sub
          local.tee 61
          i32.reinterpret_f32
          local.get 61
          f32.const -104
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 62
          i32.reinterpret_f32
          f32.const 89
          local.get 62
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 63
          local.get 63
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 64
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 64
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 65
          local.get 65
          f32.mul
          f32.const 0.000198756915
          local.get 65
          f32.mul
          f32.const 0.0013981999507
          f32.add
          local.get 65
          f32.mul
          f32.const 0.0083334519073
          f32.add
          local.get 65
          f32.mul
          f32.const 0.041665795894
          f32.add
          local.get 65
          f32.mul
          f32.const 0.16666665459
          f32.add
          local.get 65
          f32.mul
          f32.const 0.50000001201
          f32.add
          f32.mul
          local.get 65
          f32.add
          f32.const 1
          f32.add
          local.get 64
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 66
          i32.const 1
          i32.shr_s
          local.tee 67
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 66
          local.get 67
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.tee 60
          f32.store
          local.get 19
          local.get 60
          f32.add
          local.set 19
          local.get 7
          i32.const 1
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 20
      local.get 21
      f32x4.add
      local.get 22
      local.get 23
      f32x4.add
      f32x4.add
      local.set 20
      local.get 19
      local.get 20
      f32x4.extract_lane 0
      f32.add
      local.set 19
      local.get 19
      local.get 20
      f32x4.extract_lane 1
      f32.add
      local.set 19
      local.get 19
      local.get 20
      f32x4.extract_lane 2
      f32.add
      local.set 19
      local.get 19
      local.get 20
      f32x4.extract_lane 3
      f32.add
      local.set 19
      f32.const 1
      local.get 19
      f32.div
      local.set 68
      local.get 68
      f32x4.splat
      local.set 69
      local.get 4
      i32.const 64
      i32.mul
      local.set 70
      i32.const 0
      local.set 5
      block
        loop
          local.get 5
          i32.const 7
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 69
          f32x4.mul
          v128.store
          local.get 5
          i32.const 4
          i32.add
          local.set 5
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 69
          f32x4.mul
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
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 70
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 69
          f32x4.mul
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
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 4
          i32.const 64
          i32.mul
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 4
          i32.const 64
          i32.mul
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 68
          f32.mul
          f32.store
          local.get 5
          i32.const 1
          i32.add
          local.set 5
          br 0
        end
      end
      local.get 4
      i32.const 1
      i32.add
      local.set 4
      br 0
    end
  end
)