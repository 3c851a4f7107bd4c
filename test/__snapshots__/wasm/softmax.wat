(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32) (local $5 i32) (local $6 i32) (local $7 i32) (local $8 f32) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 i32) (local $15 v128) (local $16 v128) (local $17 v128) (local $18 v128) (local $19 f32) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 f32) (local $25 v128) (local $26 f32) (local $27 v128) (local $28 i32) (local $29 f32) (local $30 v128) (local $31 f32) (local $32 v128) (local $33 f32) (local $34 v128) (local $35 f32) (local $36 v128) (local $37 f32) (local $38 v128) (local $39 f32) (local $40 v128) (local $41 f32) (local $42 v128) (local $43 f32) (local $44 v128) (local $45 f32) (local $46 v128) (local $47 f32) (local $48 v128) (local $49 f32) (local $50 v128) (local $51 i32) (local $52 v128) (local $53 i32) (local $54 v128) (local $55 i32) (local $56 v128) (local $57 i32) (local $58 v128) (local $59 i32) (local $60 v128) (local $61 i32) (local $62 v128) (local $63 i32) (local $64 v128) (local $65 v128) (local $66 v128) (local $67 v128) (local $68 v128) (local $69 v128) (local $70 v128) (local $71 v128) (local $72 v128) (local $73 v128) (local $74 v128) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 v128) (local $79 v128) (local $80 v128) (local $81 v128) (local $82 v128) (local $83 v128) (local $84 v128) (local $85 v128) (local $86 v128) (local $87 v128) (local $88 v128) (local $89 v128) (local $90 v128) (local $91 v128) (local $92 v128) (local $93 v128) (local $94 v128) (local $95 v128) (local $96 f32) (local $97 f32) (local $98 f32) (local $99 f32) (local $100 f32) (local $101 f32) (local $102 i32) (local $103 i32) (local $104 f32) (local $105 v128) (local $106 i32)
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
      f32.const 0.008369148708879948
      local.set 24
      local.get 24
      f32x4.splat
      local.set 25
      f32.const 89
      local.set 26
      local.get 26
      f32x4.splat
      local.set 27
      local.get 4
      i32.const 64
      i32.mul
      local.set 28
      local.get 8
      local.set 29
      local.get 29
      f32x4.splat
      local.set 30
      f32.const -104
      local.set 31
      local.get 31
      f32x4.splat
      local.set 32
      f32.const 1.4426950408889634
      local.set 33
      local.get 33
      f32x4.splat
      local.set 34
      f32.const 0.693359375
      local.set 35
      local.get 35
      f32x4.splat
      local.set 36
      f32.const -0.00021219444
      local.set 37
      local.get 37
      f32x4.splat
      local.set 38
      f32.const 0.041917506605386734
      local.set 39
      local.get 39
      f32x4.splat
      local.set 40
      f32.const 0.16666504740715027
      local.set 41
      local.get 41
      f32x4.splat
      local.set 42
      f32.const 0.49998870491981506
      local.set 43
      local.get 43
      f32x4.splat
      local.set 44
      f32.const 1
      local.set 45
      local.get 45
      f32x4.splat
      local.set 46
      f32.const 1.0000001192092896
      local.set 47
      local.get 47
      f32x4.splat
      local.set 48
      f32.const 12582912
      local.set 49
      local.get 49
      f32x4.splat
      local.set 50
      i32.const 1262485504
      local.set 51
      local.get 51
      i32x4.splat
      local.set 52
      i32.const 1
      local.set 53
      local.get 53
      i32x4.splat
      local.set 54
      i32.const 127
      local.set 55
      local.get 55
      i32x4.splat
      local.set 56
      i32.const 23
      local.set 57
      local.get 57
      i32x4.splat
      local.set 58
      i32.const 127
      local.set 59
      local.get 59
      i32x4.splat
      local.set 60
      i32.const 23
      local.set 61
      local.get 61
      i32x4.splat
      local.set 62
      local.get 4
      i32.const 64
      i32.mul
      local.set 63
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
          local.get 63
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 25
          local.get 1
          local.get 28
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 30
          f32x4.sub
          local.tee 65
          local.get 32
          f32x4.pmax
          local.tee 66
          local.get 27
          f32x4.pmin
          local.tee 67
          local.get 67
          local.get 34
          f32x4.mul
          f32x4.nearest
          local.tee 68
          local.get 36
          f32x4.mul
          f32x4.sub
          local.get 68
          local.get 38
          f32x4.mul
          f32x4.sub
          local.tee 69
          f32x4.mul
          local.get 40
          f32x4.add
          local.get 69
          f32x4.mul
          local.get 42
          f32x4.add
          local.get 69
          f32x4.mul
          local.get 44
          f32x4.add
          local.get 69
          f32x4.mul
          local.get 46
          f32x4.add
          local.get 69
          f32x4.mul
          local.get 48
          f32x4.add
          local.get 68
          local.get 50
          f32x4.add
          local.get 52
          i32x4.sub
          local.tee 70
          local.get 53
          i32x4.shr_s
          local.tee 71
          local.get 56
          i32x4.add
          local.get 57
          i32x4.shl
          f32x4.mul
          local.get 70
          local.get 71
          i32x4.sub
          local.get 60
          i32x4.add
          local.get 61
          i32x4.shl
          f32x4.mul
          local.tee 64
          v128.store
          local.get 20
          local.get 64
          f32x4.add
          local.set 20
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 63
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 25
          local.get 1
          local.get 28
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 30
          f32x4.sub
          local.tee 73
          local.get 32
          f32x4.pmax
          local.tee 74
          local.get 27
          f32x4.pmin
          local.tee 75
          local.get 75
          local.get 34
          f32x4.mul
          f32x4.nearest
          local.tee 76
          local.get 36
          f32x4.mul
          f32x4.sub
          local.get 76
          local.get 38
          f32x4.mul
          f32x4.sub
          local.tee 77
          f32x4.mul
          local.get 40
          f32x4.add
          local.get 77
          f32x4.mul
          local.get 42
          f32x4.add
          local.get 77
          f32x4.mul
          local.get 44
          f32x4.add
          local.get 77
          f32x4.mul
          local.get 46
          f32x4.add
          local.get 77
          f32x4.mul
          local.get 48
          f32x4.add
          local.get 76
          local.get 50
          f32x4.add
          local.get 52
          i32x4.sub
          local.tee 78
          local.get 53
          i32x4.shr_s
          local.tee 79
          local.get 56
          i32x4.add
          local.get 57
          i32x4.shl
          f32x4.mul
          local.get 78
          local.get 79
          i32x4.sub
          local.get 60
          i32x4.add
          local.get 61
          i32x4.shl
          f32x4.mul
          local.tee 72
          v128.store
          local.get 21
          local.get 72
          f32x4.add
          local.set 21
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 63
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 25
          local.get 1
          local.get 28
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 30
          f32x4.sub
          local.tee 81
          local.get 32
          f32x4.pmax
          local.tee 82
          local.get 27
          f32x4.pmin
          local.tee 83
          local.get 83
          local.get 34
          f32x4.mul
          f32x4.nearest
          local.tee 84
          local.get 36
          f32x4.mul
          f32x4.sub
          local.get 84
          local.get 38
          f32x4.mul
          f32x4.sub
          local.tee 85
          f32x4.mul
          local.get 40
          f32x4.add
          local.get 85
          f32x4.mul
          local.get 42
          f32x4.add
          local.get 85
          f32x4.mul
          local.get 44
          f32x4.add
          local.get 85
          f32x4.mul
          local.get 46
          f32x4.add
          local.get 85
          f32x4.mul
          local.get 48
          f32x4.add
          local.get 84
          local.get 50
          f32x4.add
          local.get 52
          i32x4.sub
          local.tee 86
          local.get 53
          i32x4.shr_s
          local.tee 87
          local.get 56
          i32x4.add
          local.get 57
          i32x4.shl
          f32x4.mul
          local.get 86
          local.get 87
          i32x4.sub
          local.get 60
          i32x4.add
          local.get 61
          i32x4.shl
          f32x4.mul
          local.tee 80
          v128.store
          local.get 22
          local.get 80
          f32x4.add
          local.set 22
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 63
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 25
          local.get 1
          local.get 28
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 30
          f32x4.sub
          local.tee 89
          local.get 32
          f32x4.pmax
          local.tee 90
          local.get 27
          f32x4.pmin
          local.tee 91
          local.get 91
          local.get 34
          f32x4.mul
          f32x4.nearest
          local.tee 92
          local.get 36
          f32x4.mul
          f32x4.sub
          local.get 92
          local.get 38
          f32x4.mul
          f32x4.sub
          local.tee 93
          f32x4.mul
          local.get 40
          f32x4.add
          local.get 93
          f32x4.mul
          local.get 42
          f32x4.add
          local.get 93
          f32x4.mul
          local.get 44
          f32x4.add
          local.get 93
          f32x4.mul
          local.get 46
          f32x4.add
          local.get 93
          f32x4.mul
          local.get 48
          f32x4.add
          local.get 92
          local.get 50
          f32x4.add
          local.get 52
          i32x4.sub
          local.tee 94
          local.get 53
          i32x4.shr_s
          local.tee 95
          local.get 56
          i32x4.add
          local.get 57
          i32x4.shl
          f32x4.mul
          local.get 94
          local.get 95
          i32x4.sub
          local.get 60
          i32x4.add
          local.get 61
          i32x4.shl
          f32x4.mul
          local.tee 88
          v128.store
          local.get 23
          local.get 88
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
          local.get 24
          local.get 26
          local.get 31
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
          local.get 29
          f32.sub
          local.tee 97
          local.get 97
          local.get 31
          f32.lt
          select
          local.tee 98
          local.get 26
          local.get 98
          f32.lt
          select
          local.tee 99
          local.get 99
          local.get 33
          f32.mul
          f32.nearest
          local.tee 100
          local.get 35
          f32.mul
          f32.sub
          local.get 100
          local.get 37
          f32.mul
          f32.sub
          local.tee 101
          f32.mul
          local.get 39
          f32.add
          local.get 101
          f32.mul
          local.get 41
          f32.add
          local.get 101
          f32.mul
          local.get 43
          f32.add
          local.get 101
          f32.mul
          local.get 45
          f32.add
          local.get 101
          f32.mul
          local.get 47
          f32.add
          local.get 100
          local.get 49
          f32.add
          i32.reinterpret_f32
          local.get 51
          i32.sub
          local.tee 102
          local.get 53
          i32.shr_s
          local.tee 103
          local.get 55
          i32.add
          local.get 57
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 102
          local.get 103
          i32.sub
          local.get 59
          i32.add
          local.get 61
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.tee 96
          f32.store
          local.get 19
          local.get 96
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
      local.set 104
      local.get 104
      f32x4.splat
      local.set 105
      local.get 4
      i32.const 64
      i32.mul
      local.set 106
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
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 105
          f32x4.mul
          v128.store
          local.get 5
          i32.const 4
          i32.add
          local.set 5
          local.get 0
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 105
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
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 106
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 105
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
          local.get 104
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